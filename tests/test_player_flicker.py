"""The standard player's removal that lasts only until the next end step (Parting Gust
unpromised, kernel/player/ai_flicker.py): a flicker that saves its own creature from removal,
a tempo play that clears the blocker in front of a lethal attack, never main phase removal;
the promised Gust (exile for good) stays removal."""

from __future__ import annotations

from conftest import bf, cast_lines, names, run_player

_BLOCKER = "exile_until_end_step_clears_the_lone_blocker"
# four Plains (the two kept up for the Gust leave two) and no card in their hand (no bigger
# threat to wait for): the old play cast the Gust at the Bruiser in main phase 1 here
_SPARE_MANA = ('  "Plains",\n  "Plains",\n', '  "Plains",\n  "Plains",\n  "Plains",\n  "Plains",\n')
_NO_CARDS = ('hand = ["Forest"]', "hand = []")


def test_the_gust_clears_the_lone_blocker_for_a_lethal_attack():
    state = run_player(_BLOCKER)
    casts = cast_lines(state, "Parting Gust")
    assert len(casts) == 1, casts
    assert casts[0].startswith("T6 (seat 0,") and "main 1" in casts[0].split(":")[0], casts
    assert "targeting Junkblade Bruiser" in casts[0], casts
    assert state["seats"][1]["life"] <= 0


def test_the_unpromised_gust_is_not_main_phase_removal():
    # at 20 life the attack is not lethal without the blocker: a Bruiser back at the end step
    # with a counter is no gain, so the Gust stays in hand
    state = run_player(_BLOCKER, ("life = 5", "life = 20"), _SPARE_MANA, _NO_CARDS)
    assert not cast_lines(state, "Parting Gust")
    assert names(state, 0, "hand") == ["Parting Gust"]
    assert "Junkblade Bruiser" in names(state, 1, "battlefield")


def test_the_promised_gust_is_still_removal():
    # promised, the Bruiser is exiled for good (the Fish is the gift): cast in main phase 1
    state = run_player(
        _BLOCKER,
        ("life = 5", "life = 20"),
        _SPARE_MANA,
        _NO_CARDS,
        ('phase = "main1"', 'phase = "main1"\npolicy = "always"'),
    )
    casts = cast_lines(state, "Parting Gust")
    assert len(casts) == 1, casts
    assert "Junkblade Bruiser" not in names(state, 1, "battlefield")
    assert "Junkblade Bruiser" in names(state, 1, "exile")


def test_the_gust_saves_its_own_creature_from_removal():
    state = run_player("exile_until_end_step_saves_from_removal")
    casts = cast_lines(state, "Parting Gust")
    assert len(casts) == 1 and "targeting Treetop Sentries" in casts[0], casts
    assert names(state, 0, "graveyard") == ["Dire Downdraft"]  # its only target went away
    assert names(state, 1, "graveyard") == ["Parting Gust"]
    sentries = bf(state, 1, "Treetop Sentries")
    assert len(sentries) == 1, sentries  # back at the end step
    assert sentries[0]["counters"] == {"+1/+1": 1}
