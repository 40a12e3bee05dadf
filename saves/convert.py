"""One cattrs converter per game, turning states and actions into plain JSON data and back.

Unstructuring gives only dicts, lists, strings, numbers, booleans and ``None`` (tuples become
lists, frozensets sorted lists), so ``json.dumps`` needs no help and the output is stable.
Structuring is strict on purpose: a save is untrusted input, so ``"3"`` is not an int and an
object is not a list; a mismatch becomes a ``FieldError`` naming the field, e.g.
``field state.number: expected int``.

Unions of attrs classes (a game's actions, its events, any union inside a state) are tagged
with ``"type": <class name>``, as are fields typed with a base class of the game's actions or
events, so the right subclass comes back.
"""

from __future__ import annotations

import collections.abc
import json
import types
import typing
from collections.abc import Callable, Iterable
from typing import Any, Union, get_args, get_origin

import attrs
import cattrs
from cattrs.cols import homogenous_tuple_structure_factory, list_structure_factory
from cattrs.errors import ClassValidationError, IterableValidationError

from engine.core import Game

TAG = "type"

_Collection = frozenset({list, tuple, set, frozenset})
_Mapping = frozenset({dict, collections.abc.Mapping})
_Primitive = frozenset({int, str, float, bool, type(None)})


class FieldError(ValueError):
    """A saved value does not fit the type the game expects; the message names the field."""


class WrongType(TypeError):
    """Raised by the strict hooks; its message is the part after the field path."""


def _json_kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


# --- strict primitives and containers ----------------------------------------------------------


def _strict_primitive(kind: type, name: str) -> Callable[[Any, type], Any]:
    def structure(value: Any, cl: type) -> Any:
        if type(value) is kind:
            return value if cl is kind else cl(value)  # an IntEnum / StrEnum field
        raise WrongType(f"expected {name}")

    return structure


def _structure_float(value: Any, cl: type) -> float:
    if type(value) in (int, float):
        return float(value)
    raise WrongType("expected float")


def _require(kind: type, what: str, hook: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
    def structure(value: Any, cl: Any) -> Any:
        if not isinstance(value, kind):
            raise WrongType(f"expected {what}, got {_json_kind(value)}")
        return hook(value, cl)

    return structure


def _origin(t: Any) -> Any:
    return get_origin(t) or t


def _is_union(t: Any) -> bool:
    return get_origin(t) in (Union, types.UnionType)


def _is_tagged_union(t: Any) -> bool:
    """A union of two or more attrs classes, possibly with ``None``."""
    if not _is_union(t):
        return False
    members = [a for a in get_args(t) if a is not type(None)]
    return len(members) >= 2 and all(isinstance(a, type) and attrs.has(a) for a in members)


def _is_primitive_union(t: Any) -> bool:
    return _is_union(t) and all(a in _Primitive for a in get_args(t))


def _primitive_union(t: Any) -> Callable[[Any, Any], Any]:
    """``int | str`` and the like: the value must already be one of them (JSON has no tags)."""
    members = get_args(t)
    accepted = tuple(members) + ((int,) if float in members else ())
    names = " or ".join(_type_name(a) for a in members)

    def structure(value: Any, _: Any) -> Any:
        if type(value) not in accepted:
            raise WrongType(f"expected {names}")
        return float(value) if type(value) is int and int not in members else value

    return structure


def _register_strict_hooks(conv: cattrs.Converter) -> None:
    conv.register_structure_hook(int, _strict_primitive(int, "int"))
    conv.register_structure_hook(bool, _strict_primitive(bool, "bool"))
    conv.register_structure_hook(str, _strict_primitive(str, "str"))
    conv.register_structure_hook(float, _structure_float)

    def seq_factory(t: Any) -> Callable[[Any, Any], Any]:
        origin, args = _origin(t), get_args(t)
        if origin is tuple and args and args[-1] is not Ellipsis:
            inner = conv.gen_structure_hetero_tuple(t)
        elif origin is tuple:
            inner = homogenous_tuple_structure_factory(t, conv)
        elif origin is list:
            inner = list_structure_factory(t, conv)
        else:  # sets: structure as a list, then collect
            as_list = list_structure_factory(list[args[0]] if args else list, conv)
            kind = frozenset if origin is frozenset else set

            def inner(value: Any, _: Any) -> Any:
                return kind(as_list(value, list))

        return _require(list, "a list", inner)

    conv.register_structure_hook_factory(lambda t: _origin(t) in _Collection, seq_factory)
    conv.register_structure_hook_factory(
        lambda t: isinstance(_origin(t), type) and attrs.has(_origin(t)),
        lambda t: _require(dict, "an object", conv.gen_structure_attrs_fromdict(t)),
    )
    conv.register_structure_hook_factory(
        lambda t: _origin(t) in _Mapping and get_args(t) not in ((), (Any, Any)),
        lambda t: _require(dict, "an object", conv.gen_structure_mapping(t)),
    )
    conv.register_structure_hook_factory(
        lambda t: _origin(t) in _Mapping and get_args(t) in ((), (Any, Any)),
        lambda _: _require(dict, "an object", lambda v, _t: dict(v)),
    )
    conv.register_structure_hook_factory(_is_primitive_union, _primitive_union)


# --- tagged unions -----------------------------------------------------------------------------


class Tagged:
    """Un/structures values of several attrs classes as ``{"type": name, **fields}``."""

    def __init__(self, conv: cattrs.Converter, classes: Iterable[type], optional: bool = False):
        self.conv = conv
        self.by_name: dict[str, type] = {}
        for cl in classes:
            other = self.by_name.setdefault(cl.__name__, cl)
            if other is not cl:
                raise TypeError(f"two classes named {cl.__name__} in one union: cannot tag them")
            if any(a.name == TAG for a in attrs.fields(cl)):
                raise TypeError(f"{cl.__name__} has a field named {TAG!r}, the save format's tag")
        self.optional = optional
        self._unstructure_hooks: dict[type, Callable[[Any], Any]] = {}

    def unstructure(self, value: Any) -> Any:
        if value is None and self.optional:
            return None
        cl = type(value)
        if self.by_name.get(cl.__name__) is not cl:
            raise TypeError(f"{cl.__name__} is not one of {', '.join(self.by_name)}")
        hook = self._unstructure_hooks.get(cl)
        if hook is None:
            hook = self._unstructure_hooks[cl] = self.conv.get_unstructure_hook(cl)
        out = {TAG: cl.__name__}
        out.update(hook(value))
        return out

    def structure(self, value: Any, _: Any = None) -> Any:
        if value is None and self.optional:
            return None
        if not isinstance(value, dict):
            raise WrongType(f"expected an object, got {_json_kind(value)}")
        tag = value.get(TAG)
        cl = self.by_name.get(tag) if isinstance(tag, str) else None
        if cl is None:
            known = ", ".join(self.by_name)
            if tag is None:
                raise WrongType(f"missing '{TAG}' (one of {known})")
            raise WrongType(f"unknown {TAG} {tag!r} (expected one of {known})")
        return self.conv.structure(value, cl)


def _register_unions(conv: cattrs.Converter, game: Game) -> None:
    def union_tagged(t: Any) -> Tagged:
        members = [a for a in get_args(t) if a is not type(None)]
        return Tagged(conv, members, optional=len(members) < len(get_args(t)))

    conv.register_structure_hook_factory(_is_tagged_union, lambda t: union_tagged(t).structure)
    conv.register_unstructure_hook_factory(_is_tagged_union, lambda t: union_tagged(t).unstructure)
    # A field typed with a base class (``Event``, a game's ``Action`` base) holds subclasses.
    leaves = (*game.action_types, *game.event_types)
    bases = {b for cl in leaves for b in cl.__mro__[1:] if attrs.has(b)} - set(leaves)
    for base in bases:
        # Exact-type predicates: a class hook would also catch the subclasses themselves.
        tagged = Tagged(conv, [cl for cl in leaves if issubclass(cl, base)])
        conv.register_structure_hook_func(lambda t, b=base: t is b, tagged.structure)
        conv.register_unstructure_hook_func(lambda t, b=base: t is b, tagged.unstructure)


def _sorted_list(items: Iterable[Any]) -> list[Any]:
    """Frozensets are saved sorted so the same state always gives the same bytes."""
    out = list(items)
    try:
        return sorted(out)
    except TypeError:
        return sorted(out, key=lambda v: json.dumps(v, sort_keys=True))


_CACHE: dict[str, tuple[Game, cattrs.Converter]] = {}


def converter_for(game: Game) -> cattrs.Converter:
    """The converter for ``game``, built once per game id (rebuilt if the object changes)."""
    cached = _CACHE.get(game.id)
    if cached is not None and cached[0] is game:
        return cached[1]
    conv = cattrs.Converter(
        detailed_validation=True,
        unstruct_collection_overrides={
            typing.AbstractSet: _sorted_list,
            typing.Sequence: list,
            tuple: list,
        },
    )
    _register_strict_hooks(conv)
    _register_unions(conv, game)
    _CACHE[game.id] = (game, conv)
    return conv


_ACTION_CODECS: dict[str, tuple[cattrs.Converter, Tagged]] = {}


def action_codec(game: Game) -> Tagged:
    """Actions always carry their tag in a save, even in a game with one action class."""
    conv = converter_for(game)
    cached = _ACTION_CODECS.get(game.id)
    if cached is None or cached[0] is not conv:
        cached = _ACTION_CODECS[game.id] = (conv, Tagged(conv, game.action_types))
    return cached[1]


# --- errors ------------------------------------------------------------------------------------


def _describe(exc: BaseException, expected: Any) -> str:
    if isinstance(exc, WrongType):
        return str(exc)
    if isinstance(exc, KeyError):
        return "missing"
    first = exc.args[0] if exc.args else ""
    text = first if isinstance(first, str) and first else str(exc)
    if text.startswith(("Not enough values", "Too many values")):
        return "wrong number of items"
    if expected is not None:
        return f"expected {_type_name(expected)}"
    return text or type(exc).__name__


def _type_name(t: Any) -> str:
    if t is type(None):
        return "null"
    if _is_union(t):
        return " or ".join(_type_name(a) for a in get_args(t))
    origin, args = _origin(t), get_args(t)
    if origin in _Collection:
        return f"a list of {_type_name(args[0])}" if args else "a list"
    return getattr(t, "__name__", str(t))


def _walk(exc: BaseException, path: str) -> list[tuple[str, str]]:
    if isinstance(exc, IterableValidationError | ClassValidationError):
        out: list[tuple[str, str]] = []
        with_notes, without = exc.group_exceptions()
        for sub, note in with_notes:
            if isinstance(exc, IterableValidationError):
                sub_path = f"{path}[{note.index!r}]"
            else:
                sub_path = f"{path}.{note.name}" if path else note.name
            if isinstance(sub, IterableValidationError | ClassValidationError):
                out.extend(_walk(sub, sub_path))
            else:
                out.append((sub_path, _describe(sub, note.type)))
        out.extend((path, _describe(sub, None)) for sub in without)
        return out
    return [(path, _describe(exc, None))]


def error_message(exc: BaseException, path: str) -> str:
    """``field state.number: expected int`` (at most three problems, then a count)."""
    problems = [f"field {p or '(top)'}: {m}" for p, m in _walk(exc, path)]
    more = len(problems) - 3
    text = "; ".join(problems[:3])
    return f"{text} (and {more} more)" if more > 0 else text


def structure(game: Game, value: Any, type_: Any, path: str) -> Any:
    """Structure ``value`` as ``type_``, raising ``FieldError`` with the field's path."""
    try:
        return converter_for(game).structure(value, type_)
    except Exception as exc:
        raise FieldError(error_message(exc, path)) from exc


def structure_action(game: Game, value: Any, path: str) -> Any:
    try:
        return action_codec(game).structure(value)
    except Exception as exc:
        raise FieldError(error_message(exc, path)) from exc


def unstructure_state(game: Game, state: Any) -> Any:
    return converter_for(game).unstructure(state, game.state_type)


def structure_state(game: Game, value: Any, path: str = "state") -> Any:
    return structure(game, value, game.state_type, path)
