# How to play each game, in our own words (the rules overlay shows it; the title's
# "How to play" shows all three, then the controls).

help-goblin-market =
    GOBLIN MARKET, in breve

    Compri carte all'asta dai goblin. A fine partita, i tre semi che hai di più valgono un punto per ogni simbolo, mentre gli altri tre te ne tolgono uno per simbolo. Una carta numerata porta due semi, quindi può valere +2, 0 o -2.

    Un'asta
    - Si scopre una carta che fissa il lotto: con un Asso è in vendita 1 carta, con un numero 2 carte, con una Corona 3. Quella carta esce dal gioco. Quando ne restano 3 o meno, si vendono tutte insieme.
    - Girando attorno al tavolo, ogni giocatore rilancia oppure si ritira per il resto dell'asta. Non puoi mai offrire più monete di quelle che hai. Se nessuno fa un'offerta, le carte vengono scartate.
    - Chi ha l'offerta più alta prende tutte le carte e paga, oppure (se le carte in palio sono 2 o 3) ne prende una sola e paga. In quel caso il secondo miglior offerente deve prendere una delle rimanenti pagando la propria offerta e, con 3 carte, il terzo offerente prende l'ultima. Le carte che nessuno è tenuto a prendere vengono scartate.

    Denaro per gli altri
    - Sorellanza: guarda l'ultima cifra dell'offerta vincente (1 vale l'Asso, 0 la Corona). Chi non ha ricevuto carte in quest'asta guadagna 3 monete per ogni sua carta di quel grado, 2 per il grado appena sotto e 1 per quello ancora sotto (sotto l'Asso viene la Corona).
    - Denaro dei goblin: si scopre una carta Goblin; ogni giocatore guadagna una moneta per ciascuno dei suoi semi che non compare su nessuna delle proprie carte.

    Chi vince un'asta offre per primo in quella successiva. Quando il Mazzo dell'asta finisce, la partita termina: vince chi ha più punti; a parità, chi ha più punti positivi.

help-mykonos =
    MÝKONOS, in breve

    Scambi carte da gioco sul molo di un porto e vendi combinazioni di poker in cambio di denaro. Vince chi ha più denaro quando il mazzo non basta più a riempire il molo (a parità, chi ha più figure in mano). Ognuno parte con 2 carte coperte, 5 monete e 4 lavoratori.

    Un giro
    - Molo: si scoprono tante carte quanti sono i giocatori, più una (tre in due giocatori).
    - File: a turno, a partire da chi ha il segnalino del primo giocatore, ognuno manda un lavoratore alla volta su una carta, finché tutti i lavoratori sono in fila. Ogni carta accoglie al massimo 4 lavoratori; chi arriva per primo sta in testa.
    - Acquisti, una carta alla volta da sinistra: il lavoratore in testa può comprare la carta pagando 1 moneta per ogni lavoratore ancora in quella fila (quindi il prezzo scende man mano che qualcuno esce), oppure uscire e lasciar decidere il successivo. Le carte che nessuno compra vengono scartate.
    - Vendite: ogni giocatore può vendere una combinazione di poker dalla propria mano: scala colore 15, poker 11, full 8, colore 7, scala 6, tris 5, doppia coppia 4, coppia 2, carta singola 1. Scale e colori usano esattamente cinque carte; l'Asso conta sempre come carta più bassa.
    - Paga: ognuno guadagna 2 monete, più 1 se non ha comprato niente e più 1 per ogni Fante, Donna o Re in mano (da mostrare al tavolo).
    - Il segnalino del primo giocatore passa al giocatore successivo; nessuno può tenere più di 5 carte.

    In due giocatori, alle file si aggiunge una ciurma neutrale grigia di 4 lavoratori: ogni giocatore ne piazza due, in un ordine stabilito. Un lavoratore neutrale in testa alla fila esce sempre.

    Le mani sono segrete. Se più persone giocano sullo stesso schermo, il tavolo chiede di passarlo e mostra ogni mano solo a chi la possiede.

help-duchess =
    LA COLLANA DELLA DUCHESSA, in breve

    Crei gioielli per la corte. Ogni carta mostra in alto quattro pietre e, sotto, il desiderio di un cortigiano: un numero esatto di pietre di un certo tipo, in cambio di un prezzo in fiorini. La tua collana è fatta delle tue quattro carte più la carta comune al centro: ogni desiderio presente su quelle cinque carte che le cinque carte soddisfano esattamente paga i suoi fiorini. Il tavolo fa i conti per te mentre giochi.

    Due giocatori
    - Nel tuo turno prendi la prima carta del mazzo o quella in cima agli scarti, poi scarta una carta a faccia in su (non quella che hai appena preso dagli scarti).
    - Quando il mazzo è vuoto puoi ancora prendere lo scarto in cima, oppure fermarti: chi si ferma chiude la partita. In ogni caso la partita finisce dopo altri tre turni a testa. Vince la collana più ricca; a parità, chi ha esaudito più desideri.

    Solitario
    - Per cinque volte arrivano due carte: ne guardi una, poi tieni quella oppure quella coperta, e rinunci a una carta della tua mano insieme a quella che non hai tenuto.
    - La tua collana ti fa guadagnare un titolo: fino a 26 Apprendista, 27-30 Artista, 31-33 Ufficiale, 34 e oltre Magister.

    Espansioni
    - Pietre arcobaleno (2 carte): una pietra arcobaleno può fare le veci di un qualsiasi tipo di gemma, contare come sé stessa oppure essere ignorata; il tavolo sceglie sempre l'uso migliore. Il desiderio di una carta arcobaleno chiede che sia usata esattamente una pietra arcobaleno.
    - Oro di corte (4 carte): i lingotti d'oro non hanno desideri ma pagano tutti insieme: 1 lingotto 5, 2 lingotti 14, 3 lingotti 27, 4 lingotti 44 fiorini.

help-controls =
    Comandi: frecce o croce direzionale per scegliere, Sinistra/Destra per cambiare un numero (PagSu/PagGiù, - e +, o i grilletti per 5 alla volta), Invio/Spazio o A per confermare, Esc o Start per la pausa, H o Y per un consiglio. L o Select aprono il registro della partita; in Goblin Market, C o RT ingrandiscono le carte vinte una alla volta. V o LT avvicinano la vista alle tue carte e tornano indietro (su un telefono, il pulsante in alto a sinistra). U, Ctrl+Z, Backspace o X annullano la tua ultima decisione, finché non ti viene mostrata una carta o non gioca un'altra persona; con uno schermo condiviso ognuno annulla solo le proprie mosse da quando gli è stato passato lo schermo. Mouse e touch funzionano ovunque.

# Crediti (Come si gioca -> Crediti, dal titolo).
rules-credits = Crediti
credits-heading = Crediti
credits-text =
    I GIOCHI
    Goblin Market, e il Decktet, il mazzo con cui si gioca, sono di P.D. Magnus. Il Decktet e i suoi giochi sono condivisi con la licenza Creative Commons Attribuzione-Non commerciale-Condividi allo stesso modo 3.0, e i nomi delle carte del Decktet sono usati in questo gioco secondo quella licenza.
    Mýkonos è di José Carlos de Diego Guerrero.
    La collana della Duchessa è El Collar de la Duquesa. Il suo regolamento non nomina alcun autore, perciò citiamo il gioco con il suo titolo.

    CIÒ CHE È LORO, CIÒ CHE È NOSTRO
    Usiamo i nomi dei giochi e le loro regole. L'aiuto sulle regole, le partite guidate, la grafica, i suoni, i bot e le 24 carte della Duchessa sono opera nostra.

    LICENZE
    Il codice di Come Buy è sotto licenza MIT. I caratteri sono Vollkorn e Lato (SIL Open Font License 1.1) e simboli di DejaVu Sans (licenza Bitstream Vera). I tavoli online usano matchbox e webrtc-rs (MIT o Apache-2.0). CREDITS.md, accanto al gioco e nei suoi sorgenti, nomina ogni licenza e i file che copre.

    Come Buy è gratuito e non è in vendita.
