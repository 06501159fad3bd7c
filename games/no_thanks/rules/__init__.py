"""The rules of No Thanks!: `turns` flips the cards and asks No thanks or Take, `scoring` counts the end."""
