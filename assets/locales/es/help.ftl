# How to play each game, in our own words (the rules overlay shows it; the title's
# "How to play" shows all three, then the controls).

help-goblin-market =
    GOBLIN MARKET, en resumen

    Compras cartas a los duendes en subasta. Al final, los tres palos de los que más tengas valen un punto por símbolo, y los otros tres te restan un punto por símbolo. Una carta numérica lleva dos palos, así que puede valer +2, 0 o -2.

    Una subasta
    - Se descubre una carta que fija el lote: con un As se vende 1 carta, con un número 2 cartas, con una Corona 3. Esa carta queda fuera del juego. Cuando quedan 3 cartas o menos, se venden todas de una vez.
    - Por turnos alrededor de la mesa, cada jugador sube la puja o se retira hasta el final de la subasta. Nunca puedes pujar más monedas de las que tienes. Si nadie puja, las cartas se descartan.
    - Quien más ha pujado se lleva todas las cartas y paga, o bien (si hay 2 o 3 cartas en juego) se queda solo una y paga. En ese caso, el segundo mejor postor debe llevarse una de las restantes pagando su propia puja y, con 3 cartas, el tercer postor se lleva la última. Las cartas que nadie está obligado a llevarse se descartan.

    Dinero para los demás
    - Dinero de la hermandad: mira la última cifra de la puja ganadora (el 1 es el As, el 0 la Corona). Quien no se haya llevado ninguna carta en esta subasta gana 3 monedas por cada carta suya de ese rango, 2 por el rango justo inferior y 1 por el siguiente hacia abajo (por debajo del As va la Corona).
    - Dinero de los duendes: se revela una carta de los duendes; cada jugador gana una moneda por cada uno de sus palos que no aparezca en ninguna de sus cartas.

    Quien gana una subasta puja primero en la siguiente. Cuando se agota el Mazo de subastas, la partida termina: gana quien tenga más puntos; en caso de empate, quien tenga más puntos positivos.

help-mykonos =
    MÝKONOS, en resumen

    Comercias con naipes en el muelle de un puerto y vendes jugadas de póquer a cambio de dinero. Gana quien tenga más dinero cuando el mazo ya no alcance para llenar el muelle (en caso de empate, quien tenga más figuras en la mano). Cada jugador empieza con 2 cartas ocultas, 5 monedas y 4 trabajadores.

    Una ronda
    - Muelle: se colocan boca arriba tantas cartas como jugadores, más una (tres con dos jugadores).
    - Colas: por turnos, empezando por quien tiene el marcador de jugador inicial, cada uno envía un trabajador cada vez a una carta, hasta que todos los trabajadores están en cola. Cada carta admite como máximo 4; el primero en llegar se pone a la cabeza.
    - Compras, carta a carta desde la izquierda: el trabajador que encabeza la cola puede comprar la carta pagando 1 moneda por cada trabajador que siga en esa cola (así las colas se abaratan a medida que otros se retiran), o retirarse y dejar que decida el siguiente. Las cartas que nadie compra se descartan.
    - Ventas: cada jugador puede vender una combinación de póquer de su mano: escalera de color 15, póker 11, full 8, color 7, escalera 6, trío 5, doble pareja 4, pareja 2, una carta suelta 1. Las escaleras y los colores usan exactamente cinco cartas; el As siempre cuenta como la carta más baja.
    - Sueldo: todos ganan 2 monedas, 1 más si no han comprado nada, y 1 más por cada Jota, Reina o Rey que tengan en la mano (enseñándolos a la mesa).
    - El marcador de jugador inicial pasa al siguiente; nadie puede quedarse con más de 5 cartas.

    Con dos jugadores, una cuadrilla neutral gris de 4 trabajadores se suma a las colas: cada jugador coloca dos de ellos en un orden fijo. Un trabajador neutral a la cabeza de una cola siempre se retira.

    Las manos son secretas. Si varias personas juegan en la misma pantalla, la mesa te pide que se la pases al siguiente y solo enseña cada mano a su dueño.

help-duchess =
    EL COLLAR DE LA DUQUESA, en resumen

    Haces joyas para la corte. Cada carta muestra cuatro piedras arriba y, debajo, el deseo de un cortesano: un número exacto de piedras de un tipo, a cambio de un precio en florines. Tu collar son tus cuatro cartas más la carta común del centro: cada deseo de esas cinco cartas que las cinco cartas cumplan exactamente paga sus florines. La mesa hace las cuentas por ti mientras juegas.

    Dos jugadores
    - En tu turno, toma la carta superior del mazo de robo o del montón de descarte y después descarta una carta boca arriba (no la que acabas de tomar del descarte).
    - Cuando el mazo de robo está vacío, aún puedes tomar la carta superior del descarte, o plantarte: plantarse termina la partida. También termina tras tres turnos más de cada jugador. Gana el collar más valioso; en caso de empate, quien haya cumplido más deseos.

    Solitario
    - Cinco veces llegan dos cartas: miras una de ellas, luego te quedas con esa o con la oculta, y renuncias a una carta de tu mano junto con la que no te has quedado.
    - Tu collar te da un título: hasta 26 Aprendiz, 27-30 Artista, 31-33 Oficial, 34 o más Magíster.

    Expansiones
    - Piedras arcoíris (2 cartas): una piedra arcoíris puede contar como cualquier tipo de gema, como sí misma o quedarse fuera; la mesa siempre elige el mejor uso. El deseo de una carta arcoíris pide que se use exactamente una piedra arcoíris.
    - Oro de la corte (4 cartas): los lingotes de oro no llevan deseo, pero pagan en conjunto: 1 lingote 5, 2 lingotes 14, 3 lingotes 27, 4 lingotes 44 florines.

help-controls =
    Controles: flechas o cruceta para elegir, Izquierda/Derecha para cambiar un número (RePág/AvPág, - y +, o los gatillos, de 5 en 5), Intro/Espacio o A para confirmar, Esc o Start para pausar, H o Y para una pista. L o Select abren el registro de la partida; en Goblin Market, C o RT amplían las cartas ganadas una a una. V o LT acercan la vista a tus propias cartas y la devuelven (en un móvil, el botón de arriba a la izquierda). U, Ctrl+Z, Retroceso o X deshacen tu última decisión, hasta que se te muestre una carta o juegue otra persona; en una misma pantalla compartida, cada persona deshace solo sus propias jugadas desde que le pasaron la pantalla. El ratón y la pantalla táctil funcionan en todas partes.

# Créditos (Cómo se juega -> Créditos, desde el título).
rules-credits = Créditos
credits-heading = Créditos
credits-text =
    LOS JUEGOS
    Goblin Market, y el Decktet, la baraja con la que se juega, son de P.D. Magnus. El Decktet y sus juegos se comparten bajo la licencia Creative Commons Reconocimiento-NoComercial-CompartirIgual 3.0, y los nombres de las cartas del Decktet se usan en este juego bajo ella.
    Mýkonos es de José Carlos de Diego Guerrero.
    El collar de la Duquesa es El Collar de la Duquesa. Su reglamento no nombra a ningún autor, así que acreditamos el juego por su título.

    LO SUYO Y LO NUESTRO
    Usamos los nombres de los juegos y sus reglas. La ayuda de las reglas, las partidas guiadas, el arte, los sonidos, los bots y las 24 cartas de la Duquesa son obra nuestra.

    LICENCIAS
    El código de Come Buy está bajo la licencia MIT. Las fuentes son Vollkorn y Lato (SIL Open Font License 1.1) y símbolos de DejaVu Sans (licencia de Bitstream Vera). Las mesas en línea usan matchbox y webrtc-rs (MIT o Apache-2.0). CREDITS.md, junto al juego y en su código fuente, nombra cada licencia y los archivos que cubre.

    Come Buy es gratuito y no se vende.
