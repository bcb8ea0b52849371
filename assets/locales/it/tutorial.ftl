# Guided first games (levels/tutorials/): the list, the caption panel and each step's caption.
# $p1 and $p2 are the names of the players to your left (the bots).

menu-learn = Impara a giocare
learn-heading = Impara giocando
learn-intro = Una breve partita guidata: ogni passo spiega cosa succede e perché, e permette solo la mossa che spiega. Poi la partita la finisci tu.
tutorial-goblin-market = Goblin Market (3 giocatori)
tutorial-mykonos = Mýkonos (3 giocatori)
tutorial-duchess-duel = La collana della Duchessa: un duello
tutorial-duchess-solo = La collana della Duchessa: in solitario
learn-keys = Su/Giù per scegliere, Invio o A per iniziare, Esc o B per tornare
rules-learn = Partite guidate
tutorial-step = Partita guidata · passo { $n } di { $of }
tutorial-continue = Continua
tutorial-skip = Salta la guida
tutorial-only-this = Non ancora: la guida aspetta prima la mossa evidenziata.
tutorial-keys = Invio / A: continua   Sinistra / Destra: scegli   Esc: pausa
tutorial-keys-scroll = Su / Giù: continua a leggere   Invio / A: continua   Sinistra / Destra: scegli   Esc: pausa
pause-skip-tutorial = Salta la guida
undo-not-guided = Non durante i passi guidati.

## Goblin Market
tut-gm-welcome = Benvenuto al Goblin Market! Ogni asta mette in palio le carte al centro: la carta del lotto accanto dice quante (un Asso 1, un 2-9 due, una Corona tre). Alla fine, i tre semi con più simboli sulle tue carte ti danno punti, gli altri tre te li tolgono.
tut-gm-bid = { $p1 } ha offerto 1 e { $p2 } 2. Offri 3: un'offerta deve superare la più alta, e mai più delle monete che hai.
tut-gm-raise = Hanno rilanciato a 5. Sali a 7 e vedi se ti seguono.
tut-gm-pass = { $p1 } ha offerto 10, tutte le sue monete! Non puoi superarlo: passa. Chi passa resta fuori da quest'asta.
tut-gm-goblin = { $p1 } ha pagato 10 per le due carte. Poi è uscita una carta Goblin: ognuno prende una moneta per ogni seme della carta che manca sulle proprie. Tu non hai ancora nulla, quindi hai preso 3.
tut-gm-bid-again = Nuova asta: il Castello e l'Asso di Draghi. { $p1 } ha offerto 1, { $p2 } 2. Offri 3.
tut-gm-bid-five = { $p1 } si è ritirato e { $p2 } ha offerto 4. Sali a 5.
tut-gm-bid-seven = { $p2 } ha offerto 6. Offri 7.
tut-gm-take-one = Hai vinto! Con due o tre carte in palio, chi vince le prende tutte o una sola, e il secondo miglior offerente deve prenderne una pagando la propria offerta. Prendi solo il Castello: { $p2 } avrà l'Asso per 6.
tut-gm-sisterhood = { $p1 } non ha preso carte, quindi la sorellanza lo ha pagato. L'ultima cifra dell'offerta vincente indica un grado (7: i 7). Chi non ha carte nuove prende 3 per ogni carta di quel grado, 2 per quelle un grado sotto e 1 due gradi sotto: i suoi due 6 gli hanno reso 4.
tut-gm-let-go = Lascia che gli altri si contendano il Selvaggio: passa.
tut-gm-your-sisterhood = { $p2 } ha vinto con 7: di nuovo i 7, e il tuo Castello è un 7. Stavolta non hai preso carte, quindi la sorellanza ti ha pagato 3.
tut-gm-free = Questo è tutto il mercato. Ora tocca a te: tieni d'occhio i semi che raccogli. Consiglio (H o il pulsante) chiede al bot migliore cosa farebbe.
tut-gm-over = Il mazzo dell'asta è finito. Conta i simboli dei semi sulle tue carte: i tuoi tre semi più frequenti valgono un punto per simbolo, gli altri tre ne tolgono uno per simbolo. Vince il totale più alto.

## Mýkonos
tut-myk-welcome = Benvenuto a Mýkonos! Hai due carte segrete e $5. Ogni giro arrivano carte sul molo; metti in fila i tuoi quattro lavoratori, compri e vendi combinazioni di poker. Vince chi ha più denaro alla fine.
tut-myk-place = I lavoratori vanno sul molo uno alla volta, a turno. Manda il primo sul Cinque di Picche: con il tuo Cinque di Quadri fa coppia.
tut-myk-first = Il Sei di Cuori non ha ancora una fila. Mettiti in testa anche lì.
tut-myk-queue = In una fila si decide in ordine: il primo lavoratore compra o passa. Mettiti dietro a { $p2 } e { $p1 } sul Fante di Cuori, nel caso passino entrambi.
tut-myk-last-worker = Ogni lavoratore deve andare da qualche parte. Metti l'ultimo in fondo alla fila della Donna di Quadri: non ti costa nulla, a meno che passino tutti e tre quelli davanti.
tut-myk-price = Acquisti, da sinistra a destra. Il primo della fila compra o passa; il prezzo è $1 per ogni lavoratore sulla carta, il tuo compreso: qui 2, tu e { $p1 }. Compra il Cinque.
tut-myk-second-buy = Anche il Sei di Cuori costa $2: tu e { $p2 }. Compralo.
tut-myk-keep = Vendite: puoi vendere una combinazione a giro. La tua coppia di 5 renderebbe $2; tienila: con un terzo 5 fai tris, che vale $5.
tut-myk-income = A fine giro sono arrivate le entrate: $2 a testa, $1 in più a chi non ha comprato nulla, $1 per ogni Fante, Donna o Re in mano. Poi chi ha più di 5 carte scarta fino a tenerne 5.
tut-myk-third-five = { $p2 } è in testa alla fila del Cinque di Fiori, il tuo terzo Cinque! Mettiti subito dietro: se { $p2 } passa, decidi tu.
tut-myk-every-worker = La Donna di Cuori: { $p1 } è il primo della fila. Mettiti dietro; non ti costa nulla, a meno che passino tutti quelli davanti.
tut-myk-behind = Un altro lì, dietro al tuo.
tut-myk-behind-again = Il tuo ultimo lavoratore: dietro a { $p1 } sul Tre di Fiori.
tut-myk-buy-five = { $p2 } ha passato: sul Cinque di Fiori decidi tu. Ci sono ancora tre lavoratori: $3, tutto il tuo denaro. Compralo.
tut-myk-cannot-pay = Questa non puoi pagarla: passa. Una carta che nessuno compra viene scartata.
tut-myk-sell = Tre 5: un tris si vende per $5. Vendili.
tut-myk-free = Ora la partita è tua. Carte economiche con file corte, combinazioni che rendono bene, figure per le entrate. Consiglio (H o il pulsante) chiede al bot migliore cosa farebbe.
tut-myk-over = Il mazzo non basta più a riempire il molo: la partita è finita. Vince chi ha più denaro; a parità, chi ha più figure in mano.

## The Duchess's Necklace: duel
tut-duel-welcome = Benvenuto alla Collana della Duchessa! La tua collana sono le tue 4 carte più la carta comune al centro. Il desiderio di ogni carta, in basso, paga se quelle cinque carte mostrano esattamente quel numero della sua gemma.
tut-duel-common = La carta comune, la Corona del Principe, è di entrambi: le sue gemme contano in tutte e due le collane, e il suo desiderio (3 Ametiste) paga chi lo esaudisce.
tut-duel-draw = Nel tuo turno prendi una carta: dal mazzo (coperta) o dalla cima degli scarti (per ora vuoti). Pesca.
tut-duel-discard = Ora scarta una carta per tornare a 4. Lascia andare la Medaglia dell'Ammiraglio: senza le sue gemme la tua collana esaudisce quattro desideri.
tut-duel-wishes = Contali: 2 Diamanti (la Spilla della Contessa), 2 Ambre (la Cavigliera della Danzatrice), 3 Perle (gli Orecchini della Marchesa) e 3 Ametiste (la carta comune): 25 fiorini.
tut-duel-draw-or-take = { $p1 } ha scartato la Tiara della Baronessa. Potresti prenderla, ma le sue gemme rovinerebbero i tuoi desideri. Pesca, piuttosto.
tut-duel-discard-new = Il Rosario della Badessa chiede 4 Giaietti: troppo lontani. Scartalo e i tuoi 25 fiorini restano.
tut-duel-free = Ora continua per conto tuo. Quando il mazzo finisce, ognuno può ancora prendere dagli scarti per qualche turno; vince la collana più ricca.
tut-duel-over = La partita è finita: ogni collana conta i desideri che esaudisce, compreso quello della carta comune.

## The Duchess's Necklace: solo
tut-solo-welcome = In solitario le carte arrivano a coppie, coperte. Guardane una, poi tieni quella vista oppure l'altra, senza vederla. La tua collana sono le tue 4 carte più la carta comune.
tut-solo-look = Guarda la carta a sinistra.
tut-solo-keep = La Cavigliera della Danzatrice non aiuterebbe molto. Rischia: tieni la carta che non hai visto.
tut-solo-discard = È il Medaglione della Vedova. Ora rinuncia a una carta (se ne va anche quella della coppia che non hai tenuto). Lascia andare la Tiara della Baronessa: esaudisci 4 Zaffiri, 2 Diamanti e 2 Perle, 21 fiorini.
tut-solo-ranks = Alla fine il punteggio ti dà un titolo: fino a 26 Apprendista, da 27 a 30 Artista, da 31 a 33 Ufficiale, 34 e oltre Magister. Continua per conto tuo; Consiglio (H o il pulsante) chiede al bot migliore.
tut-solo-over = L'ultima coppia è stata giocata. I desideri della tua collana fanno il tuo punteggio e il tuo titolo.
