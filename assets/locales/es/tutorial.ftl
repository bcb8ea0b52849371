# Guided first games (levels/tutorials/): the list, the caption panel and each step's caption.
# $p1 and $p2 are the names of the players to your left (the bots).

menu-learn = Aprende a jugar
learn-heading = Aprende jugando
learn-intro = Una partida breve y guiada: cada paso explica qué pasa y por qué, y solo permite la jugada que explica. Después, la terminas tú.
tutorial-goblin-market = Goblin Market (3 jugadores)
tutorial-mykonos = Mýkonos (3 jugadores)
tutorial-duchess-duel = El collar de la Duquesa: un duelo
tutorial-duchess-solo = El collar de la Duquesa: en solitario
learn-keys = Arriba/Abajo para elegir, Intro o A para empezar, Esc o B para volver
rules-learn = Partidas guiadas
tutorial-step = Partida guiada · paso { $n } de { $of }
tutorial-continue = Continuar
tutorial-skip = Saltar la guía
tutorial-only-this = Todavía no: la guía necesita antes la jugada resaltada.
tutorial-keys = Intro / A: continuar   Izquierda / Derecha: elegir   Esc: pausa
tutorial-keys-scroll = Arriba / Abajo: seguir leyendo   Intro / A: continuar   Izquierda / Derecha: elegir   Esc: pausa
pause-skip-tutorial = Saltar la guía
undo-not-guided = No durante los pasos guiados.

## Goblin Market
tut-gm-welcome = ¡Bienvenido a Goblin Market! Cada subasta ofrece las cartas del centro: la carta de tamaño de al lado fija cuántas (un As 1, un 2-9 dos, una Corona tres). Al final, los tres palos con más símbolos en tus cartas suman para ti y los otros tres restan.
tut-gm-bid = { $p1 } ha pujado 1 y { $p2 }, 2. Puja 3: cada puja debe superar la más alta, y nunca más de las monedas que tienes.
tut-gm-raise = Han subido a 5. Sube a 7 y mira si te siguen.
tut-gm-pass = ¡{ $p1 } ha pujado 10, todas sus monedas! No puedes superarlo: pasa. Si pasas, quedas fuera de esta subasta.
tut-gm-goblin = { $p1 } ha pagado 10 por las dos cartas. Luego ha salido una carta de duende: cada uno ha cobrado una moneda por cada palo de esa carta que no tiene en las suyas. Aún no tienes nada, así que has cobrado 3.
tut-gm-bid-again = Nueva subasta: el Castillo y el As de Dragones. { $p1 } ha pujado 1; { $p2 }, 2. Puja 3.
tut-gm-bid-five = { $p1 } se ha retirado y { $p2 } ha pujado 4. Sube a 5.
tut-gm-bid-seven = { $p2 } ha pujado 6. Puja 7.
tut-gm-take-one = ¡Has ganado! Con dos o tres cartas en juego, quien gana se lleva todas o solo una, y el segundo mejor postor debe llevarse una y pagar su puja. Quédate solo el Castillo: { $p2 } se lleva el As por sus 6.
tut-gm-sisterhood = { $p1 } no se ha llevado carta, así que la hermandad le ha pagado. La última cifra de la puja ganadora indica un rango (7: los 7). Quien no tenga carta nueva cobra 3 por carta de ese rango, 2 por carta un rango por debajo y 1 dos por debajo: sus dos 6 le han dado 4.
tut-gm-let-go = Deja que los demás se peleen por el Salvaje: pasa.
tut-gm-your-sisterhood = { $p2 } ha ganado con 7: otra vez los 7, y tu Castillo es un 7. Esta vez no te has llevado carta, así que la hermandad te ha pagado 3.
tut-gm-free = Eso es todo el mercado. Ahora sigues por tu cuenta: fíjate en qué palos reúnes. Pista (H o el botón) pregunta al mejor bot qué haría.
tut-gm-over = El mazo de subastas se ha agotado. Cuenta los símbolos de palo de tus cartas: tus tres palos más frecuentes dan un punto por símbolo y los otros tres restan uno por símbolo. Gana el total más alto.

## Mýkonos
tut-myk-welcome = ¡Bienvenido a Mýkonos! Tienes dos cartas secretas y $5. Cada ronda salen cartas a la fila; pones en cola a tus cuatro trabajadores, compras y vendes combinaciones de póquer. Gana quien tenga más dinero al final.
tut-myk-place = Los trabajadores van a la fila de uno en uno, por turnos. Pon el primero en el Cinco de Picas: con tu Cinco de Diamantes hace pareja.
tut-myk-first = El Seis de Corazones aún no tiene cola: encabézala tú también.
tut-myk-queue = Una cola decide por orden: el primer trabajador compra o pasa. Ponte en la Jota de Corazones detrás de { $p2 } y { $p1 }, por si pasan los dos.
tut-myk-last-worker = Todos los trabajadores deben ir a alguna parte. Pon el último al final de la cola de la Reina de Diamantes: no te cuesta nada salvo que pasen los tres de delante.
tut-myk-price = Compras, de izquierda a derecha. El primero de cada cola compra o pasa; el precio es $1 por trabajador en la carta, incluido el tuyo: aquí 2, tú y { $p1 }. Compra el Cinco.
tut-myk-second-buy = El Seis de Corazones también cuesta $2: tú y { $p2 }. Cómpralo.
tut-myk-keep = Ventas: puedes vender una combinación por ronda. Tu pareja de cincos daría $2; mejor guárdala: con un tercer cinco tienes un trío, que vale $5.
tut-myk-income = Al acabar la ronda todos han cobrado: $2 cada uno, $1 más por no comprar nada y $1 por cada Jota, Reina o Rey en la mano. Y quien tenga más de 5 cartas descarta hasta quedarse con 5.
tut-myk-third-five = ¡{ $p2 } encabeza la cola del Cinco de Tréboles, tu tercer Cinco! Ponte justo detrás: si { $p2 } pasa, decides tú.
tut-myk-every-worker = La Reina de Corazones: { $p1 } es el primero de la cola. Ponte detrás; no te cuesta nada salvo que pasen todos los de delante.
tut-myk-behind = Otro más ahí, detrás del tuyo.
tut-myk-behind-again = Tu último trabajador: detrás de { $p1 } en el Tres de Tréboles.
tut-myk-buy-five = { $p2 } ha pasado: decides tú el Cinco de Tréboles. Quedan tres trabajadores en él: $3, todo tu dinero. Cómpralo.
tut-myk-cannot-pay = Esta no la puedes pagar: pasa. La carta que nadie compra se descarta.
tut-myk-sell = Tres cincos: un trío se vende por $5. Véndelos.
tut-myk-free = Ahora la partida es tuya. Cartas baratas con colas cortas, combinaciones que se vendan bien, figuras para cobrar más. Pista (H o el botón) pregunta al mejor bot qué haría.
tut-myk-over = El mazo ya no llena otra fila: fin de la partida. Gana quien tenga más dinero; en caso de empate, quien tenga más figuras en la mano.

## The Duchess's Necklace: duel
tut-duel-welcome = ¡Bienvenido a El collar de la Duquesa! Tu collar son tus 4 cartas más la carta común del centro. El deseo de cada carta, al pie, paga si esas cinco cartas muestran exactamente esa cantidad de su gema.
tut-duel-common = La carta común, la Corona del Príncipe, es de los dos: sus gemas cuentan en ambos collares, y su deseo (3 amatistas) paga a quien lo cumpla.
tut-duel-draw = En tu turno coges una carta: del mazo (sin verla) o la de arriba de los descartes (vacíos por ahora). Roba.
tut-duel-discard = Ahora descarta una carta para volver a tener 4. Deshazte de la Medalla del Almirante: sin sus gemas, tu collar cumple cuatro deseos.
tut-duel-wishes = Cuéntalos: 2 diamantes (el Prendedor de la Condesa), 2 ámbares (la Ajorca de la Bailarina), 3 perlas (los Pendientes de la Marquesa) y 3 amatistas (la carta común): 25 florines.
tut-duel-draw-or-take = { $p1 } ha descartado la Tiara de la Baronesa. Podrías cogerla, pero sus gemas estropearían tus deseos. Mejor roba.
tut-duel-discard-new = El Rosario de la Abadesa pide 4 azabaches: demasiado lejos. Descártalo y conservas tus 25 florines.
tut-duel-free = Ahora sigues por tu cuenta. Cuando se agote el mazo, cada uno aún puede coger de los descartes durante unos turnos; gana el collar más valioso.
tut-duel-over = Fin de la partida: cada collar cuenta los deseos que cumple, incluido el de la carta común.

## The Duchess's Necklace: solo
tut-solo-welcome = En solitario, las cartas llegan de dos en dos, boca abajo. Mira una y luego quédate la que has visto o la otra, sin verla. Tu collar son tus 4 cartas más la carta común.
tut-solo-look = Mira la carta de la izquierda.
tut-solo-keep = La Ajorca de la Bailarina no ayudaría mucho. Arriésgate: quédate la carta que no has visto.
tut-solo-discard = Es el Guardapelo de la Viuda. Ahora renuncia a una carta (también se va la que no te has quedado). Deshazte de la Tiara de la Baronesa: cumples 4 zafiros, 2 diamantes y 2 perlas, 21 florines.
tut-solo-ranks = Al final, tu puntuación te da un título: hasta 26 Aprendiz, de 27 a 30 Artista, de 31 a 33 Oficial, 34 o más Magíster. Sigue por tu cuenta; Pista (H o el botón) consulta al mejor bot.
tut-solo-over = Se han jugado las últimas dos cartas. Los deseos de tu collar dan tu puntuación y tu título.
