# The games' names.
game-goblin-market = Goblin Market
game-mykonos = Mýkonos
game-duchess = El collar de la Duquesa
