"""The converter: every Gallic state survives JSON, and bad data names its field."""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import Event, replay
from engine.gallic.actions import Continue, Discard
from saves import convert
from tests.saves.support import random_play


def _json_round_trip(game, value: Any, type_: Any) -> Any:
    conv = convert.converter_for(game)
    plain = conv.unstructure(value, type_)
    text = json.dumps(plain, ensure_ascii=False, allow_nan=False)
    assert json.loads(text) == plain, "unstructured data must already be plain JSON"
    return conv.structure(json.loads(text), type_)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**64 - 1), choices=st.integers(0, 2**32))
def test_every_state_and_view_round_trips(gallic, seed, choices):
    chooser = random.Random(choices)
    actions = []
    state = None
    for state, seat, action in random_play(gallic, seed, chooser):
        assert _json_round_trip(gallic, state, gallic.state_type) == state
        for viewer in (0, 1):
            view = gallic.view(state, viewer)
            assert _json_round_trip(gallic, view, gallic.state_type) == view
        if seat is not None:
            assert _json_round_trip(gallic, action, Discard | Continue) == action
            actions.append((seat, action))
    assert gallic.outcome(state) is not None, "random play should finish a Gallic game"
    assert replay(gallic, {}, seed, 2, actions) == state


def test_unstructure_is_stable_and_plain(gallic):
    state = next(random_play(gallic, 5, random.Random(5)))[0]
    conv = convert.converter_for(gallic)
    first = conv.unstructure(state, gallic.state_type)
    assert first == conv.unstructure(state, gallic.state_type)
    assert isinstance(first["sides"], list) and isinstance(first["chosen"], list)
    assert first["log"][0]["type"] == "BattleStarted"


def test_frozensets_are_saved_sorted(gallic):
    state = attrs.evolve(
        next(random_play(gallic, 5, random.Random(5)))[0], chosen=frozenset({1, 0})
    )
    assert convert.unstructure_state(gallic, state)["chosen"] == [0, 1]


def test_converter_is_cached_per_game(gallic):
    assert convert.converter_for(gallic) is convert.converter_for(gallic)


def test_actions_always_carry_their_tag(gallic):
    codec = convert.action_codec(gallic)
    assert codec.unstructure(Continue()) == {"type": "Continue"}
    assert codec.unstructure(Discard((3, 5))) == {"type": "Discard", "cards": [3, 5]}
    assert codec.structure({"type": "Discard", "cards": [3]}) == Discard((3,))


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda s: s.update(number="x"), "field state.number: expected int"),
        (lambda s: s.update(number=True), "field state.number: expected int"),
        (lambda s: s.update(number=2.0), "field state.number: expected int"),
        (lambda s: s.pop("phase"), "field state.phase: missing"),
        (lambda s: s.update(log={}), "field state.log: expected a list, got an object"),
        (lambda s: s.update(rng="x"), "field state.rng: expected an object, got a string"),
        (lambda s: s["sides"].pop(), "field state.sides: wrong number of items"),
        (
            lambda s: s["sides"][1].update(hand=[1, "2"]),
            "field state.sides[1].hand[1]: expected int",
        ),
        (lambda s: s.update(chosen=[0, None]), "field state.chosen[1]: expected int"),
        (
            lambda s: s["log"][0].update(type="Nope"),
            "field state.log[0]: unknown type 'Nope' (expected one of BattleStarted, "
            "Reshuffled, Exchanged, BattleResolved, GameEnded)",
        ),
        (
            lambda s: s["log"][0].pop("type"),
            "field state.log[0]: missing 'type' (one of BattleStarted, Reshuffled, Exchanged, "
            "BattleResolved, GameEnded)",
        ),
    ],
)
def test_wrong_types_name_the_field(gallic, edit, message):
    state = next(random_play(gallic, 3, random.Random(3)))[0]
    plain = json.loads(json.dumps(convert.unstructure_state(gallic, state)))
    edit(plain)
    with pytest.raises(convert.FieldError) as info:
        convert.structure_state(gallic, plain)
    assert str(info.value) == message


def test_many_problems_are_counted_not_all_listed(gallic):
    state = next(random_play(gallic, 3, random.Random(3)))[0]
    plain = convert.unstructure_state(gallic, state)
    plain["sides"][0]["deck"] = ["x"] * 6
    with pytest.raises(convert.FieldError, match=r"\(and 3 more\)$"):
        convert.structure_state(gallic, plain)


# --- the generic parts, on a made-up game -------------------------------------------------------


@attrs.frozen
class Move:
    seat: int


@attrs.frozen
class Go(Move):
    to: str


@attrs.frozen
class Stop(Move):
    pass


@attrs.frozen
class Said(Event):
    text: str


@attrs.frozen
class Rolled(Event):
    dice: tuple[int, ...]


@attrs.frozen
class Token:
    owner: int
    where: str


@attrs.frozen
class ToyState:
    last: Move | None
    events: tuple[Event, ...]
    either: Go | Stop | None
    label: int | str
    tokens: frozenset[Token]
    scores: dict[str, int]
    ratio: float


class ToyGame:
    id = "toy-saves-test"
    state_type = ToyState
    action_types = (Go, Stop)
    event_types = (Said, Rolled)


TOY = ToyGame()


def _toy(**changes: Any) -> ToyState:
    state = ToyState(
        last=Go(seat=0, to="north"),
        events=(Said("hi", visible_to=frozenset({1})), Rolled((6, 1))),
        either=Stop(seat=1),
        label="x",
        tokens=frozenset({Token(1, "b"), Token(0, "a")}),
        scores={"ana": 3},
        ratio=2,
    )
    return attrs.evolve(state, **changes)


@pytest.mark.parametrize(
    "state",
    [_toy(), _toy(last=None, either=None, label=7, events=(), tokens=frozenset(), ratio=0.5)],
)
def test_base_class_fields_unions_and_sets_round_trip(state):
    assert _json_round_trip(TOY, state, ToyState) == state


def test_base_class_field_keeps_the_subclass_tag():
    plain = convert.unstructure_state(TOY, _toy())
    assert plain["last"] == {"type": "Go", "seat": 0, "to": "north"}
    assert plain["events"][0] == {"type": "Said", "visible_to": [1], "text": "hi"}
    assert plain["tokens"] == [{"owner": 0, "where": "a"}, {"owner": 1, "where": "b"}]


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda s: s.update(label=None), "field state.label: expected int or str"),
        (lambda s: s.update(ratio="1"), "field state.ratio: expected float"),
        (lambda s: s.update(scores=[]), "field state.scores: expected an object, got a list"),
        (lambda s: s["scores"].update(ana="3"), "field state.scores['ana']: expected int"),
        (
            lambda s: s.update(last={"type": "Said"}),
            "field state.last: unknown type 'Said' (expected one of Go, Stop)",
        ),
    ],
)
def test_toy_errors(edit, message):
    plain = convert.unstructure_state(TOY, _toy())
    edit(plain)
    with pytest.raises(convert.FieldError) as info:
        convert.structure_state(TOY, plain)
    assert str(info.value) == message


def test_a_field_named_like_the_tag_is_refused_early():
    @attrs.frozen
    class Bad:
        type: str

    with pytest.raises(TypeError, match="Bad has a field named 'type'"):
        convert.Tagged(convert.converter_for(TOY), [Bad, Go])
