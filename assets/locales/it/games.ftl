# The games' names.
game-goblin-market = Goblin Market
game-mykonos = Mýkonos
game-duchess = La collana della Duchessa
