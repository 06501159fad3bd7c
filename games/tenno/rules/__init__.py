"""The rules of Tenno: `duel` judges one duel, `turns` strings duels into turns and ends the game, `scoring` counts."""
