"""The standard player's combat (kernel/player/ai_combat.py) on set-up positions
(tests/scenarios/player/): blocks and attacks a competent Limited player makes."""

from __future__ import annotations

from conftest import names, run_player, tapped


def test_the_defender_blocks_with_a_trick_in_hand():
    state = run_player("block_with_a_trick")
    assert names(state, 1, "graveyard") == ["Overprotect"]
    assert names(state, 0, "graveyard") == ["Rust-Shield Rampager"]
    assert "Valley Flamecaller" in names(state, 1, "battlefield")
    assert state["seats"][1]["life"] == 20
    # without the mana for the trick the 3/3 does not throw itself in front of the 4/4
    state = run_player(
        "block_with_a_trick",
        (
            'battlefield = ["Forest", "Forest", "Valley Flamecaller"]',
            'battlefield = ["Valley Flamecaller"]',
        ),
    )
    assert names(state, 1, "hand") == ["Overprotect"]
    assert names(state, 1, "battlefield") == ["Valley Flamecaller"]
    assert state["seats"][1]["life"] == 16


def test_a_lone_attack_into_a_bigger_blocker_reads_as_a_trick():
    state = run_player("lone_attack_reads_as_a_trick")
    assert tapped(state, 0, "Stickytongue Sentinel") == [True]  # it attacked
    assert names(state, 1, "battlefield") == ["Forest", "Rust-Shield Rampager"]
    assert state["seats"][1]["life"] == 17
    assert names(state, 0, "hand") == ["Overprotect"]
    # at 3 life the attack is lethal: the 4/4 blocks, and the trick (with trample) kills it
    state = run_player("lone_attack_reads_as_a_trick", ("life = 20", "life = 3"))
    assert state["seats"][1]["life"] == 1
    assert names(state, 0, "graveyard") == ["Overprotect"]
    assert names(state, 1, "graveyard") == ["Rust-Shield Rampager"]


def test_one_held_trick_backs_one_attacker():
    # at 3 life the defender must block the lone 3/3 (a trick read lets a bigger creature
    # stay out of a fight only when the damage is not lethal)
    rampagers = 'battlefield = ["Forest", "Rust-Shield Rampager", "Rust-Shield Rampager"]'
    state = run_player("one_trick_backs_one_attacker", (rampagers, "life = 3\n" + rampagers))
    # one attacked, one stayed home, both alive
    assert tapped(state, 0, "Stickytongue Sentinel") == [False, True]
    assert names(state, 0, "graveyard") == ["Overprotect"]
    assert names(state, 1, "graveyard") == ["Rust-Shield Rampager"]


def test_the_alpha_strike_counts_menace():
    """One blocker cannot stop a menace attacker: 3 + 2 of the 7 power gets through, lethal."""
    state = run_player("alpha_strike_counts_menace")
    assert state["seats"][1]["lost"]
    # at 6 life the same attack is not lethal: the Elders stay home (the 4/3 eats either) and
    # the menace creature attacks alone
    state = run_player("alpha_strike_counts_menace", ("life = 5", "life = 6"))
    assert state["seats"][1]["life"] == 3
    assert tapped(state, 0, "Warren Elder") == [False, False]


def test_one_creature_held_back_stops_lethal():
    """Both fliers tapped would let 8 come back at 5 life: one stays home, and it is enough."""
    state = run_player("hold_back_stops_lethal")
    assert tapped(state, 0, "Glidedive Duo") == [False, True]
    assert state["seats"][1]["life"] == 17
    state = run_player(
        "hold_back_stops_lethal",
        ('advance = "main2"', 'advance = "next_turn"\n\n[[action]]\nadvance = "next_turn"'),
    )
    assert not state["seats"][0]["lost"]


def test_the_chump_goes_where_it_stops_damage():
    """A chump in front of a trampler stops 1 of its 4; in front of the 4/3 all 4. The token
    chumps the 4/3 and the defender lives at 2 with its Pond Prophet."""
    state = run_player("chump_the_non_trampler")
    assert not state["seats"][1]["lost"]
    assert state["seats"][1]["life"] == 2
    assert names(state, 1, "battlefield") == ["Pond Prophet"]


def test_a_blocker_stays_home_when_the_race_is_lost():
    """Attacking for 3 a turn loses the race to 5 a turn; at home the 3/4 eats a turn's worth."""
    state = run_player("hold_back_when_the_race_is_lost")
    assert tapped(state, 0, "Lightshell Duo") == [False]
    assert state["seats"][1]["life"] == 19
    state = run_player("hold_back_when_the_race_is_lost", ("life = 19", "life = 6"))
    assert tapped(state, 0, "Lightshell Duo") == [True]
    assert state["seats"][1]["life"] == 3


def test_the_attacker_puts_its_damage_where_it_kills():
    """Lightshell Duo (3/4) double blocked by Treetop Sentries (2/4) and Vinereap Mentor (3/2):
    its 3 damage kills the Mentor (the file's [expect]); the basic player keeps the battlefield
    order and puts it all on the Sentries, killing nothing."""
    state = run_player("damage_kills_the_blocker_it_can")
    assert names(state, 1, "graveyard") == ["Vinereap Mentor"]
    state = run_player(
        "damage_kills_the_blocker_it_can",
        ("[[seat]]\nbattlefield = [{", '[[seat]]\nlevel = "basic"\nbattlefield = [{'),
    )
    assert names(state, 1, "graveyard") == []
    assert names(state, 0, "graveyard") == ["Lightshell Duo"]


def test_hybrid_mana_keeps_the_counterspell_up():
    """Tempest Angler's {U/R}{U/R} and {1} are paid with Mountains, so both Islands stay up for
    Long River's Pull (the file's [expect]); the basic player pays the first color, Islands."""
    state = run_player("hybrid_paid_to_keep_the_counterspell")
    assert tapped(state, 0, "Island") == [False, False]
    state = run_player(
        "hybrid_paid_to_keep_the_counterspell",
        ("[[seat]]\nhand", '[[seat]]\nlevel = "basic"\nhand'),
    )
    assert "Tempest Angler" in names(state, 0, "battlefield")
    assert tapped(state, 0, "Island") == [True, True]


def test_no_attack_into_a_double_block_that_kills():
    """Two 2/2s kill the 3/4 while it kills one (the file's [expect]: it stays home); against
    one 2/2 it attacks."""
    state = run_player("attack_not_into_a_double_block")
    assert tapped(state, 0, "Lightshell Duo") == [False]
    state = run_player(
        "attack_not_into_a_double_block",
        ('battlefield = ["Warren Elder", "Warren Elder"]', 'battlefield = ["Warren Elder"]'),
    )
    assert state["seats"][1]["life"] == 17


def test_chumps_go_together_in_front_of_a_trampler():
    """4 trample damage at 3 life: one Fish stops 1 (still lethal), both stop 2 and the
    defender lives at 1 (the file's [expect])."""
    state = run_player("chumps_together_in_front_of_a_trampler")
    assert not state["seats"][1]["lost"]
    assert state["seats"][1]["life"] == 1
    # with a single Fish nothing saves the game
    state = run_player(
        "chumps_together_in_front_of_a_trampler",
        ('battlefield = ["Fish", "Fish"]', 'battlefield = ["Fish"]'),
    )
    assert state["seats"][1]["lost"]


def test_everything_attacks_when_the_race_is_won():
    """Three 2/2s into a 3/3 at 6 life, not lethal: each turn the 3/3 eats one and the rest
    get through (dead in two attacks), while the summoning-sick 3/4 at home stops its
    crack-back (the file's [expect]: all three attack). Without the 3/4 at home the 3/3 kills
    p at 3 life first, and nothing attacks."""
    state = run_player("attack_with_everything_when_the_race_is_won")
    assert names(state, 0, "graveyard") == ["Warren Elder"]
    assert state["seats"][1]["life"] == 2
    state = run_player(
        "attack_with_everything_when_the_race_is_won",
        ('    { card = "Lightshell Duo", sick = true },\n', ""),
    )
    assert tapped(state, 0, "Warren Elder") == [False, False, False]
    assert state["seats"][1]["life"] == 6


def test_a_menace_attacker_is_not_stopped_by_one_blocker():
    """A 3/4 alone cannot block the 3/3 menace attacker (the file's [expect]: it attacks)."""
    state = run_player("menace_attacks_past_one_blocker")
    assert state["seats"][1]["life"] == 17


def test_the_race_is_two_sided():
    """A creature attacks or stays home on both sides: the 3/4 at home would eat either 2/2,
    so neither attacks, and the Boar's 5 a turn wins the race (the file's [expect]: it attacks).
    Without the 3/4 both 2/2s would attack into an empty board (4 a turn at 6 life: two
    attacks against the Boar's four), so the race is lost and the Boar stays home, where it
    eats either."""
    state = run_player("race_won_when_their_attackers_stay_home")
    assert tapped(state, 0, "Quaketusk Boar") == [True]
    assert state["seats"][1]["life"] == 15
    state = run_player(
        "race_won_when_their_attackers_stay_home",
        (', { card = "Lightshell Duo", sick = true }', ""),
    )
    assert tapped(state, 0, "Quaketusk Boar") == [False]
    assert state["seats"][1]["life"] == 20


def test_a_burn_spell_backs_an_attack():
    """Blooming Blast held with mana up backs the prowess Duo's attack into a 4/4 that would
    eat it: 2 damage and +1/+1 after blocks (the file's [expect]: the blocker dies, the Duo
    lives). With the Mountains tapped the Duo stays home."""
    state = run_player("burn_backs_an_attack")
    assert "Lightshell Duo" in names(state, 0, "battlefield")
    assert names(state, 1, "graveyard") == ["Rust-Shield Rampager"]
    state = run_player(
        "burn_backs_an_attack",
        (
            '"Mountain", "Mountain", {',
            '{ card = "Mountain", tapped = true }, { card = "Mountain", tapped = true }, {',
        ),
    )
    assert tapped(state, 0, "Lightshell Duo") == [False]
    assert names(state, 0, "hand") == ["Blooming Blast"]


def test_a_held_spell_backs_no_attack_without_its_colour():
    """With two Islands instead of the Mountains, Blooming Blast ({1}{R}) cannot be cast: it
    backs nothing, and the Duo stays home rather than die to the 4/4's block (watched: three
    Islands' Plumecreed Escort attacked into Treetop Sentries, backed by an uncastable Sonar
    Strike)."""
    islands = ('"Mountain", "Mountain", {', '"Island", "Island", {')
    state = run_player("burn_backs_an_attack", islands)
    assert tapped(state, 0, "Lightshell Duo") == [False]
    assert names(state, 0, "hand") == ["Blooming Blast"]
    assert names(state, 1, "graveyard") == []


def test_a_burn_spell_backs_an_attacker_that_grows_on_spells():
    """Blooming Blast held with mana up backs Tempest Angler's attack into a 2/5 that would eat
    it: the Angler's counter from the Blast's own cast counts like prowess, in the attack and
    in the kill after blocks (2 + 3 damage finish the 2/5; the 3/3 Angler lives). Without
    counting it the Angler stayed home, or attacked and died with the Blast in hand."""
    state = run_player("burn_backs_a_growing_attacker")
    assert names(state, 0, "graveyard") == ["Blooming Blast"]
    assert "Tempest Angler" in names(state, 0, "battlefield")
    assert names(state, 1, "graveyard") == ["Mind Drill Assailant"]


def _line(state: dict, text: str) -> str:
    """The play-by-play line that contains text ("" if none)."""
    lines = state["play_by_play"]
    if isinstance(lines, str):
        lines = lines.splitlines()
    return next((line for line in lines if text in line), "")


def test_a_flash_creature_ambushes_an_attacker():
    """Galewind Moose cast in the declare-attackers step blocks and eats the 4/4 (the file's
    [expect]); the basic player keeps it in hand for the end step and takes 4."""
    state = run_player("ambush_flash_blocker")
    assert "declare attackers" in _line(state, "casts Galewind Moose")
    assert "Galewind Moose" in names(state, 1, "battlefield")
    state = run_player(
        "ambush_flash_blocker",
        (
            '[[seat]]\nhand = ["Galewind Moose"]',
            '[[seat]]\nlevel = "basic"\nhand = ["Galewind Moose"]',
        ),
    )
    assert names(state, 1, "hand") == ["Galewind Moose"]
    assert state["seats"][1]["life"] == 16


def test_a_flash_creature_waits_when_it_would_only_die():
    """Against a 4/4 that would kill it without dying, a 3/2 flash creature is no ambush: it
    stays in hand (the defender takes 4). Against a 1/1 it eats, the same Trapper ambushes."""
    trapper = (
        'hand = ["Galewind Moose"]\nbattlefield = ["Forest", "Forest", "Forest", "Forest", '
        '"Forest", "Forest"]',
        'hand = ["Mouse Trapper"]\nbattlefield = ["Plains", "Plains", "Plains"]',
    )
    state = run_player("ambush_flash_blocker", trapper)
    assert names(state, 1, "hand") == ["Mouse Trapper"]
    assert state["seats"][1]["life"] == 16
    state = run_player(
        "ambush_flash_blocker",
        trapper,
        ('"Mountain", "Rust-Shield Rampager"', '"Mountain", "Pond Prophet"'),
    )
    assert names(state, 1, "hand") == []
    assert names(state, 0, "graveyard") == ["Pond Prophet"]
    assert state["seats"][1]["life"] == 20


def test_removal_goes_at_an_attacker_before_blocks():
    """Sonar Strike kills the Rampager that no creature of the defender's can block in the
    declare-attackers step (the file's [expect]); the basic player casts it after blocks."""
    state = run_player("removal_on_an_attacker_before_blocks")
    assert "declare attackers" in _line(state, "casts Sonar Strike")
    state = run_player(
        "removal_on_an_attacker_before_blocks",
        ('[[seat]]\nhand = ["Sonar Strike"]', '[[seat]]\nlevel = "basic"\nhand = ["Sonar Strike"]'),
    )
    assert "declare blockers" in _line(state, "casts Sonar Strike")
    assert names(state, 0, "graveyard") == ["Rust-Shield Rampager"]


def test_the_defender_double_blocks():
    """Two 2/2s block the basic player's 3/4 together and kill it, losing one (the file's
    [expect]); a single 2/2 does not block it."""
    state = run_player("double_block_kills_the_attacker")
    assert names(state, 1, "battlefield") == ["Plains", "Warren Elder"]
    state = run_player(
        "double_block_kills_the_attacker",
        ('"Plains", "Warren Elder", "Warren Elder"', '"Plains", "Warren Elder"'),
    )
    assert names(state, 0, "graveyard") == []
    assert state["seats"][1]["life"] == 17


def test_the_defender_double_blocks_a_menace_attacker():
    """Two 2/2s block the basic player's 3/4 menace attacker together and kill it, losing one
    (the file's [expect]); with a 2/2 and a 1/1 (3 damage, not enough) nothing blocks."""
    state = run_player("menace_double_blocked")
    assert names(state, 0, "graveyard") == ["Teapot Slinger"]
    assert names(state, 1, "battlefield") == ["Plains", "Warren Elder"]
    state = run_player(
        "menace_double_blocked",
        ('"Plains", "Warren Elder", "Warren Elder"', '"Plains", "Warren Elder", "Pond Prophet"'),
    )
    assert names(state, 0, "graveyard") == []
    assert names(state, 1, "graveyard") == []
    assert state["seats"][1]["life"] == 17


def test_a_double_block_trades_evenly_with_a_big_attacker():
    """A 2/4 and a 2/2 block a 4/3 four-drop together: it dies and kills only one of them, an
    even trade at worst. With the 2/4 alone nothing blocks and the 4 damage comes through."""
    scen = "double_block_trades_with_a_big_attacker"
    state = run_player(scen)
    assert names(state, 0, "graveyard") == ["Thornplate Intimidator"]
    assert state["seats"][1]["life"] == 20
    assert len(names(state, 1, "graveyard")) == 1
    state = run_player(scen, ('"Treetop Sentries", "Warren Elder"]', '"Treetop Sentries"]'))
    assert names(state, 0, "graveyard") == []
    assert names(state, 1, "graveyard") == []
    assert state["seats"][1]["life"] == 16


def test_the_race_counts_a_group_attack():
    """Three 2/2s against a 3/4 that eats one a turn deal 6 before they are gone, lethal at 5:
    the race is lost and the Boar stays home (the file's [expect]); two 2/2s deal only 2, and
    the Boar attacks."""
    state = run_player("race_counts_a_group_attack")
    assert tapped(state, 0, "Quaketusk Boar") == [False]
    state = run_player(
        "race_counts_a_group_attack",
        (
            '"Forest", "Bakersbane Duo", "Bakersbane Duo", "Bakersbane Duo"',
            '"Forest", "Bakersbane Duo", "Bakersbane Duo"',
        ),
    )
    assert tapped(state, 0, "Quaketusk Boar") == [True]
    assert state["seats"][1]["life"] == 15


def test_a_trick_backs_a_token_only_when_it_kills_the_blocker():
    """Crumb and Get It would only save the 1/1 token from the 2/4: the token stays home (the
    file's [expect]). Against a 2/2 the pumped token kills the blocker: it attacks, the 2/2
    blocks and dies to the trick (at 1 life, where it must block: at 20 the Elder reads the
    lone token's attack as a trick and takes the 1)."""
    state = run_player("trick_not_spent_to_save_a_token")
    assert tapped(state, 0, "Rabbit") == [False]
    elder = ('"Forest", "Treetop Sentries"]', '"Plains", "Warren Elder"]')
    state = run_player("trick_not_spent_to_save_a_token", elder)
    assert tapped(state, 0, "Rabbit") == [True]
    assert names(state, 1, "graveyard") == []
    assert state["seats"][1]["life"] == 19
    at_1 = (
        'battlefield = ["Plains", "Warren Elder"]',
        'life = 1\nbattlefield = ["Plains", "Warren Elder"]',
    )
    state = run_player("trick_not_spent_to_save_a_token", elder, at_1)
    assert names(state, 1, "graveyard") == ["Warren Elder"]
    assert names(state, 0, "graveyard") == ["Crumb and Get It"]


def test_an_attack_trigger_counts_in_the_attack():
    """Seasoned Warrenguard (1/2) attacks as a 3/2 while its side has a token
    (ai_attack_bonus.attack_bonus, read from its "attacks" trigger): it trades with the 2/2, so it
    attacks; the token, which the 2/2 eats, stays home. Read at 1/2 it stayed home."""
    state = run_player("attack_trigger_counted")
    assert names(state, 0, "graveyard") == ["Seasoned Warrenguard"]
    assert names(state, 1, "graveyard") == ["Bakersbane Duo"]
    assert tapped(state, 0, "Rabbit") == [False]
    # without a token the trigger does not fire (its "while" condition): the 1/2 stays home
    state = run_player(
        "attack_trigger_counted",
        ('  { card = "Rabbit", token = true, power = 1, toughness = 1 },\n', ""),
    )
    assert tapped(state, 0, "Seasoned Warrenguard") == [False]
    assert names(state, 1, "battlefield") == ["Bakersbane Duo"]


def test_the_race_counts_a_group_that_shrinks():
    """Four 2/2s against a 3/4 that eats one a turn deal 6, 4, then 2: three attacks for 12, not
    two at 6 a turn (ai_race.clock_through). The Boar's three attacks at 15 come first: it
    attacks. Five 2/2s deal 8 then 6, 12 in two attacks: the race is lost, the Boar stays
    home."""
    state = run_player("race_counts_a_shrinking_group")
    assert tapped(state, 0, "Quaketusk Boar") == [True]
    assert state["seats"][1]["life"] == 10
    state = run_player(
        "race_counts_a_shrinking_group",
        (
            '"Bakersbane Duo", "Bakersbane Duo"]',
            '"Bakersbane Duo", "Bakersbane Duo", "Bakersbane Duo"]',
        ),
    )
    assert tapped(state, 0, "Quaketusk Boar") == [False]
    assert state["seats"][1]["life"] == 15


def test_no_chump_in_front_of_a_trampler_unless_it_saves_the_game():
    """At 20 life against two 5/5 tramplers the 1/1 token would stop 1 damage: it stays out of
    the way. At 10 life the 10 damage is lethal and the chump stops 1 of it: it blocks."""
    state = run_player("chump_not_in_front_of_a_trampler")
    assert state["seats"][1]["life"] == 10
    assert names(state, 1, "battlefield") == ["Rabbit"]
    state = run_player("chump_not_in_front_of_a_trampler", ("life = 20", "life = 10"))
    assert state["seats"][1]["life"] == 1
    assert not state["seats"][1]["lost"]
    assert names(state, 1, "battlefield") == []


def test_a_chump_waits_for_the_turn_it_is_needed():
    """Three 3/3s at 16 life, the race lost: next turn the Fish would chump one and 6 leaves
    the defender alive at 7, so it waits. At 10 life 6 next turn kills (at 1): it chumps now."""
    state = run_player("chump_waits_at_high_life")
    assert state["seats"][1]["life"] == 7
    assert names(state, 1, "battlefield") == ["Fish"]
    state = run_player("chump_waits_at_high_life", ("life = 16", "life = 10"))
    assert state["seats"][1]["life"] == 4
    assert names(state, 1, "battlefield") == []


def test_chump_now_when_waiting_leaves_burn_range():
    """Two 3/3s at 11 life: the chump could wait, but the hit would leave 5, so the Fish chumps
    now (8 left); at 12 the hit leaves 6 and the chump waits."""
    state = run_player("chump_now_before_burn_range")
    assert state["seats"][1]["life"] == 8
    assert names(state, 1, "battlefield") == []
    state = run_player("chump_now_before_burn_range", ("life = 11", "life = 12"))
    assert state["seats"][1]["life"] == 6
    assert names(state, 1, "battlefield") == ["Fish"]


def test_a_chump_short_of_lethal_goes_only_with_a_token():
    """Two 3/3s at 11 life, the race lost, the hit leaving 5: a Fish would chump now
    (chump_now_before_burn_range), a card (Shoreline Looter, 1/1) does not, and the defender
    goes to 5. At 6 life the damage is lethal: the Looter chumps (3 left)."""
    state = run_player("chump_short_of_lethal_only_with_a_token")
    assert state["seats"][1]["life"] == 5
    assert names(state, 1, "battlefield") == ["Shoreline Looter"]
    state = run_player("chump_short_of_lethal_only_with_a_token", ("life = 11", "life = 6"))
    assert state["seats"][1]["life"] == 3
    assert names(state, 1, "graveyard") == ["Shoreline Looter"]


def test_no_trade_with_a_first_striker_that_kills_first():
    """Steampath Charger (2/1) would kill Brightblade Stoat (2/2 first strike) only if it dealt
    its damage: the Stoat kills it first, so it does not block and the defender takes 2.
    Against a 2/2 without first strike (the attack scripted) the same block trades: it
    blocks."""
    state = run_player("no_trade_with_a_first_striker")
    assert state["seats"][1]["life"] == 18
    assert names(state, 1, "battlefield") == ["Steampath Charger"]
    assert state["seats"][0]["life"] == 22
    state = run_player(
        "no_trade_with_a_first_striker",
        ('battlefield = ["Brightblade Stoat"]', 'battlefield = ["Warren Elder"]'),
        (
            'advance = "main2"',
            'attack = ["Warren Elder"]\ndefender = 1\n\n[[action]]\nadvance = "main2"',
        ),
    )
    assert names(state, 0, "graveyard") == ["Warren Elder"]
    assert names(state, 1, "graveyard") == ["Steampath Charger"]
    assert state["seats"][1]["life"] == 20
