"""The standard player's pumps in combat (kernel/player/ai_attack.py, ai_tricks.py) on set-up
positions (tests/scenarios/player/): a held pump backs an attack or makes it lethal, goes after
blocks where it wins, or as burn when it sets up the win. Split from test_player_combat.py."""

from __future__ import annotations

from conftest import bf, names, run_player, tapped


def test_a_held_pump_on_the_unblocked_attacker_makes_the_alpha_strike_lethal():
    """Three 2/2s into two blockers that each kill one, Crumb and Get It (+2/+2) in hand with
    its mana up. At 6 life 2 + 2 is not lethal: nobody attacks (the file's [expect]). At 4 it
    is: all three attack, two are blocked, and the pump on the unblocked one wins the game.
    Only a team pump counted toward the alpha strike before: the Elders stayed home."""
    scen = "attack_not_backed_by_an_unpromised_gift"
    state = run_player(scen, ("life = 6", "life = 4"))
    assert state["game_over"] and state["winner"] == 0
    assert state["seats"][1]["life"] == 0
    assert names(state, 0, "graveyard") == ["Crumb and Get It"]


def test_a_team_pump_backs_every_attacker():
    """Valley Rally (+2/+0 to the team) with three Mountains up backs both 3/3s into the two
    4/4s that would each eat one (a 5/3 kills a 4/4): both attack, where one single-target
    trick backs one attacker (test_one_held_trick_backs_one_attacker). Against 4/6s the pump
    does not make the attack worth it (a 5/3 does not kill a 4/6): both stay home, the Rally
    in hand."""
    state = run_player("team_pump_backs_every_attacker")
    # both attacked, both were blocked, the Rally turned both blocks into trades
    assert names(state, 1, "graveyard") == ["Rust-Shield Rampager", "Rust-Shield Rampager"]
    assert names(state, 0, "graveyard") == [
        "Stickytongue Sentinel",
        "Stickytongue Sentinel",
        "Valley Rally",
    ]
    shells = (
        '"Forest", "Rust-Shield Rampager", "Rust-Shield Rampager"]',
        '"Forest", "Fecund Greenshell", "Fecund Greenshell"]',
    )
    state = run_player("team_pump_backs_every_attacker", shells)
    assert tapped(state, 0, "Stickytongue Sentinel") == [False, False]
    assert names(state, 0, "hand") == ["Valley Rally"]
    assert state["seats"][1]["life"] == 20


def test_a_team_pump_goes_as_burn_when_it_sets_up_lethal_or_deals_a_burn_spells_damage():
    """Three unblocked 3/3s: Valley Rally adds 6 to the 9 and leaves 5 life, within reach of
    the three next turn, so it is cast (ai_tricks.trick_focus). At 40 life (25 left) its 6
    damage are more than a 3-mana burn spell deals (4), so it goes too (issue 14: before, it
    waited in hand unless it left the defender within one attack). It waits behind a single
    attacker (+2 is less than 4, 15 left), and at 40 life it keeps the mana for the hand's
    other spell (Might of the Meek), which it does not at 20 (5 left: the race is won)."""
    state = run_player("team_pump_goes_as_burn")
    assert state["seats"][1]["life"] == 5
    assert names(state, 0, "graveyard") == ["Valley Rally"]
    state = run_player("team_pump_goes_as_burn", ("life = 20", "life = 40"))
    assert state["seats"][1]["life"] == 25
    assert names(state, 0, "graveyard") == ["Valley Rally"]
    three = '"Stickytongue Sentinel", "Stickytongue Sentinel", "Stickytongue Sentinel"'
    state = run_player("team_pump_goes_as_burn", (three, '"Stickytongue Sentinel"'))
    assert state["seats"][1]["life"] == 17
    assert names(state, 0, "hand") == ["Valley Rally"]
    two = ('hand = ["Valley Rally"]', 'hand = ["Valley Rally", "Might of the Meek"]')
    state = run_player("team_pump_goes_as_burn", ("life = 20", "life = 40"), two)
    assert state["seats"][1]["life"] == 31
    assert names(state, 0, "hand") == ["Might of the Meek", "Valley Rally"]
    state = run_player("team_pump_goes_as_burn", two)
    assert state["seats"][1]["life"] == 5
    assert names(state, 0, "graveyard") == ["Valley Rally"]


def test_a_team_pump_goes_when_it_leaves_the_defender_within_two_attacks():
    """Two unblocked 3/3s: Rabbit Response's 4 damage are less than a 4-mana burn spell's 5,
    but the 10 life left are within two attacks of the two 3/3s, so it is cast; at 30 life
    (20 left) it stays in hand."""
    state = run_player("team_pump_within_two_attacks")
    assert state["seats"][1]["life"] == 10
    assert names(state, 0, "graveyard") == ["Rabbit Response"]
    state = run_player("team_pump_within_two_attacks", ("life = 20", "life = 30"))
    assert state["seats"][1]["life"] == 24
    assert names(state, 0, "hand") == ["Rabbit Response"]


def test_a_pump_goes_to_win_the_race_or_late_in_the_game():
    """An unblocked 3/3 at 8 life: Crumb and Get It leaves 3, within the 3/3's next attack, so
    it is cast. At 20 life on turn 8 it is rightly held for a fight; on turn 40 its 2 damage
    are a 1-mana burn spell's and it is not held to the end of the game. A tapped 3/3 of the
    defender's (it blocks next turn) puts the 3 left out of reach: held."""
    state = run_player("pump_wins_the_race")
    assert state["seats"][1]["life"] == 3
    assert names(state, 0, "graveyard") == ["Crumb and Get It"]
    state = run_player("pump_wins_the_race", ("life = 8", "life = 20"))
    assert state["seats"][1]["life"] == 17
    assert names(state, 0, "hand") == ["Crumb and Get It"]
    state = run_player("pump_wins_the_race", ("life = 8", "life = 20"), ("turn = 8", "turn = 40"))
    assert state["seats"][1]["life"] == 15
    assert names(state, 0, "graveyard") == ["Crumb and Get It"]
    blocker = '"Forest", { card = "Stickytongue Sentinel", tapped = true }'
    state = run_player(
        "pump_wins_the_race", ('battlefield = ["Forest"]', f"battlefield = [{blocker}]")
    )
    assert state["seats"][1]["life"] == 5
    assert names(state, 0, "hand") == ["Crumb and Get It"]


def test_a_pump_grows_an_unblocked_valiant_attacker():
    """Crumb and Get It on an unblocked Heartfire Hero on turn 6 at 20 life: its valiant leaves
    a +1/+1 counter, so the pump is worth its card at once (4 damage and a 2/2 for good,
    ai_tricks.trick_focus); on Steampath Charger (no valiant) it is held for a fight."""
    state = run_player("pump_grows_a_valiant_attacker")
    assert state["seats"][1]["life"] == 16
    assert names(state, 0, "graveyard") == ["Crumb and Get It"]
    (hero,) = bf(state, 0, "Heartfire Hero")
    assert hero["counters"] == {"+1/+1": 1}
    state = run_player(
        "pump_grows_a_valiant_attacker",
        ('"Plains", "Heartfire Hero"', '"Plains", "Steampath Charger"'),
    )
    assert state["seats"][1]["life"] == 18
    assert names(state, 0, "hand") == ["Crumb and Get It"]


def test_a_protection_trick_is_not_spent_as_burn():
    """An unblocked 3/3 on turn 40 at 20 life: Overprotect's 3 damage are a 2-mana burn
    spell's, but hexproof and indestructible answer the next removal spell, so it is held
    (ai_tricks.trick_focus); at 8 life the 2 left are within the next attack: it goes."""
    state = run_player("protection_trick_not_spent_as_burn")
    assert state["seats"][1]["life"] == 17
    assert names(state, 0, "hand") == ["Overprotect"]
    state = run_player("protection_trick_not_spent_as_burn", ("life = 20", "life = 8"))
    assert state["seats"][1]["life"] == 2
    assert names(state, 0, "graveyard") == ["Overprotect"]


def test_a_gift_trick_aims_where_its_promised_mode_does():
    """Crumb and Get It after the Bruiser blocks one of three attacking Elders. At 6 life the
    +2/+2 on an unblocked Elder wins in either mode (the file's [expect] unpromised; promised
    too: the win comes before saving a creature). At 7, the attack scripted, each mode's cast
    aims at the creature its own judgement chose: promised (indestructible) it saves the
    blocked Elder; unpromised it cannot, and goes on an unblocked one as burn (the next attack
    is lethal)."""
    scen = "gift_trick_aims_where_its_mode_does"
    always = ('phase = "main1"', 'phase = "main1"\npolicy = "always"')
    state = run_player(scen, always)
    assert state["game_over"] and state["winner"] == 0
    assert names(state, 1, "battlefield") == ["Food", "Forest", "Junkblade Bruiser"]  # the gift
    at_7 = ("life = 6", "life = 7")
    attack = (
        'advance = "main2"',
        'attack = ["Warren Elder", "Warren Elder#2", "Warren Elder#3"]\n\n'
        '[[action]]\nadvance = "main2"',
    )
    state = run_player(scen, always, at_7, attack)
    assert names(state, 0, "graveyard") == ["Crumb and Get It"]
    assert names(state, 0, "battlefield").count("Warren Elder") == 3
    assert names(state, 1, "battlefield") == ["Food", "Forest", "Junkblade Bruiser"]
    assert state["seats"][1]["life"] == 3
    state = run_player(scen, at_7, attack)
    assert names(state, 0, "graveyard") == ["Crumb and Get It", "Warren Elder"]
    assert state["seats"][1]["life"] == 1


def test_the_team_pump_ability_backs_the_attack_after_blocks():
    """Against Treetop Sentries (2/4 reach) the Elders attack backed by their held team pump
    (ai_race.held_pump counts it like Rabbit Response): the Sentries block one, the pump
    after blocks makes it a 3/3 that survives, the other deals 3. Against the Bruiser nobody
    attacks and the lands stay untapped (the file's [expect])."""
    state = run_player(
        "team_pump_ability_waits_for_blocks",
        ('hand = ["Crumb and Get It"]', "hand = []"),
        ('"Forest", "Junkblade Bruiser"', '"Forest", "Treetop Sentries"'),
    )
    assert tapped(state, 0, "Warren Elder") == [True, True]
    assert tapped(state, 0, "Plains") == [True, True, True, True]  # the pump, after blocks
    assert names(state, 0, "graveyard") == []
    assert state["seats"][1]["life"] == 17
