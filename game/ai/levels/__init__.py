"""The playing levels a seat can be given: Easy, Medium, Hard (and Hard's rollouts and budgets)."""
