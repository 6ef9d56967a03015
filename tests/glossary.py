"""RULES.md §1: the English words players see and the Korean terms that must stand for them.

Shared by the catalogue tests and the lesson tests, so both hold the texts to one glossary.
"""

RULES_TERMS = {
    "Help Line": "지원 영역",
    "draw pile": "개인 카드 더미",
    "discard pile": "버린 카드 더미",
    "Fire Varan": "불꽃 도마뱀",
    "Reserve": "공용 진열",
    "Circle of Spirits": "정령의 원",
    "Fragment": "파편",
    "Victory tile": "승리 타일",
    "Sacred Tree": "신성한 나무",
    "Onibi": "오니비",
    "Sacred Flower": "신성한 꽃",
    "solitary": "독립적",
    "gregarious": "사교적",
}

# Words the lessons also hold to (the catalogue uses some of them in compound phrases).
LESSON_TERMS = {
    **RULES_TERMS,
    "Forest": "숲 개인판",
    "Sun": "태양",
    "Water": "물방울",
    "Wind": "소용돌이",
}
