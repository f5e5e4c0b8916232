"""One spec per kind of action (brass_nb/rules/actions.py, beside its type) is all the notation, random play and the
table's dropdowns read: every kind has one, and every word the table shows for a spec exists in both languages."""
from __future__ import annotations

from typing import get_args

import pytest

from brass_nb.rules.actions import KIND_OF, SPECS, VERBS, Action, parse
from brass_nb.rules.facts import load_facts
from brass_nb.rules.randomplay import KIND_WEIGHTS
from brass_nb.widgets.choices import FIELDS, KIND_ORDER
from brass_nb.widgets.labels import LABELS


def test_every_action_type_has_its_spec_and_nothing_else_lists_kinds():
    assert [spec.type for spec in SPECS.values()] == list(get_args(Action))
    assert all(KIND_OF[spec.type] == kind for kind, spec in SPECS.items())
    assert VERBS == tuple(sorted(SPECS)) and KIND_ORDER == tuple(SPECS)
    assert KIND_WEIGHTS == {kind: spec.random_weight for kind, spec in SPECS.items()}
    assert all(spec.random_weight > 0 for spec in SPECS.values())


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_table_has_words_for_every_kind_and_every_choice(language):
    words = LABELS[language]
    assert set(words["kinds"]) == set(SPECS)
    for kind, fields in FIELDS.items():
        assert len(fields) == len(SPECS[kind].choices)
        assert all(field.name in words for field in fields), kind


@pytest.mark.parametrize("text, clauses", [
    ("build iron Dudley[2] with card Dudley; coal Dudley[1]; iron market", ("coal", "iron")),
    ("develop coal with card Leek; iron market", ("iron",)),
])
def test_an_action_names_only_the_clauses_its_spec_allows(text, clauses):
    action = parse(load_facts("birmingham"), text)
    assert SPECS[action.kind].clauses == clauses
