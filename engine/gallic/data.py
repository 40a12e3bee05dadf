"""Both 36-card decks, transcribed line by line from the seed's ELENCO CARTE.

Each line of the sheet gives a Gallic card, the shared type and strength, and the Roman card;
a card id is the line's index (0..35), the same for both sides, looked up with ``card(side, id)``.
"""

from __future__ import annotations

import attrs

from engine.i18n import N_

ROME, GAULS = 0, 1
# The sides as the rules' English records name them; shown through ``_`` (``side_name``).
SIDES = (N_("Rome"), N_("Gauls"))

BASE_TYPES = ("S", "T", "R", "M")
# Card types are our words (the letters S T R M L P are the sheet's): shown through ``_``.
TYPE_NAMES = {
    "S": N_("Strategy"),
    "T": N_("Tactics"),
    "R": N_("Resource"),
    "M": N_("Morale"),
    "L": N_("Leader"),
    "P": N_("Penalty"),
}


@attrs.frozen
class Card:
    name: str
    kind: str  # S T R M L P
    strength: int


# (Gallic name, type, strength, Roman name) exactly as printed.
_LIST: tuple[tuple[str, str, int, str], ...] = (
    ("Vercingetorix", "L", 10, "Caesar"),
    ("Commius", "L", 5, "Labienus"),
    ("Galli", "R", 10, "Legioni"),
    ("Tribù", "R", 9, "Centurioni"),
    ("Città Fortificate", "R", 8, "Soldati Professionisti"),
    ("Capitano", "R", 7, "Alleati Celti"),
    ("Guerrieri", "R", 6, "Avamposti"),
    ("Briganti", "R", 5, "Ingegneri"),
    ("Minatori", "R", 4, "Ausiliari"),
    ("Arcieri", "R", 3, "Catapulta"),
    ("Abilità", "T", 10, "Macchine d'Assedio"),
    ("Carica", "T", 9, "Cavalleria Germanica"),
    ("Attacco a Sorpresa", "T", 8, "Attacco alle Spalle"),
    ("Contro Assedio", "T", 7, "Fortificazioni Tattiche"),
    ("Cavalleria", "T", 6, "Contieni e Respingi"),
    ("Sortita", "T", 5, "Riserve"),
    ("Attacco Notturno", "T", 4, "Piano di Battaglia"),
    ("Spade e Lance", "T", 3, "Pilum e Gladius"),
    ("Assalto", "S", 10, "Battaglia Decisiva"),
    ("Guerriglia", "S", 9, "Invasione Sistematica"),
    ("Ritirata Strategica", "S", 8, "Una Tribù alla volta"),
    ("Terra Bruciata", "S", 7, "Linea di Rifornimento"),
    ("Combattimento Difensivo", "S", 6, "Campagne di Guerra"),
    ("Rinforzi", "S", 5, "Marcia Forzata"),
    ("Druidi", "S", 4, "Generali"),
    ("Esploratori", "S", 3, "Spie"),
    ("Rivolta", "M", 10, "Conquista"),
    ("Lotta per la Libertà", "M", 9, "Determinazione"),
    ("Atrocità Romane", "M", 8, "Disciplina"),
    ("Coraggio", "M", 7, "Comando Assoluto"),
    ("Unità Nazionale", "M", 6, "Ambizione"),
    ("Capacità di Comando", "M", 5, "Diplomazia"),
    ("Concordanza", "M", 4, "Ostaggi"),
    ("Messaggeri", "M", 3, "Forza di Occupazione"),
    ("Divisioni Tribali", "P", -2, "Territorio Ostile"),
    ("Donne e Bambini", "P", -1, "Politica Romana"),
)

DECKS: tuple[tuple[Card, ...], tuple[Card, ...]] = (
    tuple(Card(rome, kind, s) for _gaul, kind, s, rome in _LIST),
    tuple(Card(gaul, kind, s) for gaul, kind, s, _rome in _LIST),
)
DECK_SIZE = len(_LIST)
HAND_SIZE = 8
MAX_EXCHANGE = 4


def card(side: int, card_id: int) -> Card:
    return DECKS[side][card_id]
