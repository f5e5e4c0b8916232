"""The legal-action list, factored: groups of actions that know their size and build an action only when asked.

A build offers every card that allows it × every free slot × every coal choice × every iron choice; a link every
card × coal choice × beer choice. Generators hand those over as :class:`Choices` (the product, unbuilt), so a
random player or a count reads sizes, and only the action picked is ever made.
"""
from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import combinations, product
from math import prod
from typing import TYPE_CHECKING, Any, overload

from brass_nb.rules import actions as A

if TYPE_CHECKING:
    from brass_nb.rules.view import View

Group = Sequence[A.Action]
"""Actions of one kind, in the list's order: a :class:`Choices` or a plain list."""

Generator = Callable[["View", int], Iterable[Group]]
"""Every legal action of one kind for a player here, as groups: one source of a list."""


class Choices(Sequence[A.Action]):
    """``make(*fixed, *pick)`` for every pick of one item per axis, the last axis varying fastest.

    Whether it offers anything is known without its size (every axis has an item), so an axis may be listed only
    when it is counted or read (see :class:`Combinations`; such a group is made by :meth:`uncounted`, any other is
    counted when made, so that a list reads its size without a call)."""

    __slots__ = ("make", "fixed", "axes", "_size", "offers")

    _size: int | None
    offers: bool
    """Is there anything to choose (an item on every axis)?"""

    def __init__(self, make: type[A.Action], fixed: tuple[Any, ...], *axes: Sequence[Any]):
        self.make, self.fixed, self.axes = make, fixed, axes
        size = 1
        for axis in axes:
            size *= len(axis)
        self._size = size
        self.offers = size > 0

    @classmethod
    def uncounted(cls, make: type[A.Action], fixed: tuple[Any, ...], *axes: Sequence[Any]) -> Choices:
        """A group whose axes are listed only when it is counted or read (a method, not a keyword of the class:
        keywords to a class cost a dict)."""
        group = cls.__new__(cls)
        group.make, group.fixed, group.axes, group._size = make, fixed, axes, None
        group.offers = all(axes)
        return group

    def __bool__(self) -> bool:
        return self.offers

    def __len__(self) -> int:
        if self._size is None:
            self._size = prod(map(len, self.axes))
        return self._size

    @overload
    def __getitem__(self, index: int) -> A.Action: ...

    @overload
    def __getitem__(self, index: slice) -> list[A.Action]: ...

    def __getitem__(self, index: int | slice) -> A.Action | list[A.Action]:
        size = self._size if self._size is not None else len(self)     # (len() is a Python call)
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(size))]
        if not 0 <= index < size:
            if not -size <= index < 0:
                raise IndexError(index)
            index += size
        axes = self.axes
        at = len(axes)
        picks = [None] * at
        while at:                                       # (the last axis first: it varies fastest)
            at -= 1
            axis = axes[at]
            items = len(axis)
            picks[at] = axis[index % items]
            index //= items
        return self.make(*self.fixed, *picks)

    def __iter__(self) -> Iterator[A.Action]:
        make, fixed = self.make, self.fixed
        return (make(*fixed, *pick) for pick in product(*self.axes))


class Combinations(Sequence[tuple[str, ...]]):
    """Every distinct choice of ``choose`` items from ``items`` (repeats allowed), sorted, each once: listed only when
    counted or read, as a choice of cards most often only has to be known possible."""

    __slots__ = ("items", "choose", "_listed")

    def __init__(self, items: Iterable[str], choose: int):
        self.items, self.choose = sorted(items), choose
        self._listed: list[tuple[str, ...]] | None = None

    def _all(self) -> list[tuple[str, ...]]:
        if self._listed is None:
            self._listed = list(dict.fromkeys(combinations(self.items, self.choose)))
        return self._listed

    def __bool__(self) -> bool:
        return len(self.items) >= self.choose

    def __len__(self) -> int:
        return len(self._all())

    @overload
    def __getitem__(self, index: int) -> tuple[str, ...]: ...

    @overload
    def __getitem__(self, index: slice) -> list[tuple[str, ...]]: ...

    def __getitem__(self, index: int | slice) -> tuple[str, ...] | list[tuple[str, ...]]:
        return self._all()[index]


class Concatenation(Sequence[A.Action]):
    """Non-empty groups read as one sequence, an action built only when it is indexed or iterated."""

    __slots__ = ("_groups", "_ends", "_size")

    def __init__(self, groups: list[Group]):
        self._groups = groups                           # (the caller's own new list: kept, not copied)
        ends, end = [], 0
        for group in groups:                            # (a Choices' size read as it is: len() is a Python call)
            size = group._size if type(group) is Choices else None
            end += len(group) if size is None else size
            ends.append(end)
        self._ends = ends
        self._size = end

    def __len__(self) -> int:
        return self._size

    @overload
    def __getitem__(self, index: int) -> A.Action: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[A.Action, ...]: ...

    def __getitem__(self, index: int | slice) -> A.Action | tuple[A.Action, ...]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(self._size)))
        size = self._size
        if not -size <= index < size:
            raise IndexError(index)
        index %= size
        at = bisect_right(self._ends, index)
        return self._groups[at][index - (self._ends[at - 1] if at else 0)]

    def __iter__(self) -> Iterator[A.Action]:
        for group in self._groups:
            yield from group


def _exhaust(source: Iterator[Group], read: list[Group]) -> list[Group]:
    """The groups of a source read so far, with every group left in it that offers an action (a function of the
    module: a static method is looked up on the list at every call)."""
    for group in source:
        if group.offers if type(group) is Choices else group:
            read.append(group)
    return read


class LegalActions(Sequence[A.Action]):
    """The legal actions of a position, read-only; prints one action per line in notation.

    Supports ``len``, iteration, indexing, ``in``, ``count`` and ``index``, and equals any sequence of the
    same actions (``game.legal_actions() == []`` once the game is over).

    Each source (one per action kind: builds, links, …) is made by its generator when the list is first read, and
    read only as far as asked: :meth:`kinds` needs one group of each, :meth:`of_kind` all of one kind, anything
    else the whole list. A game completes a list still held elsewhere before its position changes (see
    ``Game._settle_legal``), so a list always describes the position it was made for.
    """

    __slots__ = ("_generators", "_view", "_player", "_kinds", "_sources", "_whole", "_built", "__weakref__")

    _sources: list[tuple[str, Iterator[Group], list[Group]]]
    """Each source that offers an action: its kind, the source and its groups read so far (as one tuple, which
    :meth:`of_kind` unpacks as it walks them): made by :meth:`_source_kinds`, which every reading starts with
    (each made there by its generator, without a list of them made first). A source with no action is not kept: it
    adds nothing to any reading."""

    def __init__(self, generators: Iterable[Generator] = (), view: Any = None, player: int = 0):
        """The list of the sources the generators give for ``player`` in ``view``'s position (no generator: the
        empty list of a game over)."""
        self._generators, self._view, self._player = generators, view, player
        self._kinds: list[str] | None = None               # each kept source's kind
        self._whole: Concatenation | None = None
        self._built: tuple[A.Action, ...] | None = None

    @property
    def complete(self) -> bool:
        return self._whole is not None

    def settle(self) -> Concatenation:
        """Read every source: the whole list, fixed from now on."""
        if self._whole is None:
            groups: list[Group] = []
            self._source_kinds()
            for _, source, read in self._sources:
                groups.extend(_exhaust(source, read))
            self._whole = Concatenation(groups)
        return self._whole

    def _source_kinds(self) -> list[str]:
        """The kind of each source that offers an action, read from its first group that does (the rest of the source
        is left unread)."""
        if self._kinds is None:
            kinds: list[str] = []
            sources = self._sources = []
            kind_of, view, player = A.KIND_OF, self._view, self._player
            for generate in self._generators:
                source = iter(generate(view, player))
                for group in source:                      # (_exhaust's test, inline: it runs for every group)
                    if type(group) is Choices:
                        if group.offers:
                            kind = kind_of[group.make]
                            break
                    elif group:
                        kind = group[0].kind
                        break
                else:
                    continue
                sources.append((kind, source, [group]))
                kinds.append(kind)
            self._kinds = kinds
        return self._kinds

    def kinds(self) -> list[str]:
        """The kinds of action offered, sorted."""
        return sorted(set(self._source_kinds()))

    def of_kind(self, kind: str) -> Sequence[A.Action]:
        """The actions of one kind, in list order, the other kinds' sources left unread past their first group;
        read-only (a single :class:`Choices` is handed over as it is, anything else behind a :class:`Concatenation`)."""
        self._source_kinds()
        groups: list[Group] = []
        for source_kind, source, read in self._sources:
            if source_kind == kind:
                groups.extend(_exhaust(source, read))
        if len(groups) == 1 and isinstance(groups[0], Choices):
            return groups[0]
        return Concatenation(groups)

    def __len__(self) -> int:
        return len(self.settle())

    @overload
    def __getitem__(self, index: int) -> A.Action: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[A.Action, ...]: ...

    def __getitem__(self, index: int | slice) -> A.Action | tuple[A.Action, ...]:
        return self.settle()[index]

    def __iter__(self) -> Iterator[A.Action]:
        return iter(self.settle())

    def _all(self) -> tuple[A.Action, ...]:
        if self._built is None:
            self._built = tuple(self.settle())
        return self._built

    def __contains__(self, action: object) -> bool:
        return action in self._all()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and not isinstance(other, str) and self._all() == tuple(other)

    def __hash__(self) -> int:
        return hash(self._all())

    def __repr__(self) -> str:
        return f"LegalActions({len(self)} actions)"

    def __str__(self) -> str:
        return "\n".join(str(a) for a in self)

    def texts(self) -> list[str]:
        return [str(a) for a in self]
