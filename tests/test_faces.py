"""The other side of the face scenario files (another card row's characteristics, O.FACE):
Tangle Tumbler's "until end of turn" ends, its token cost must be payable, Sugar Coat's Food
ability exists only while the Aura is attached, the face ends as the Aura leaves, Ygra's
Food twins exist only while Ygra is on the battlefield, and its ward needs a Food."""

from __future__ import annotations

from test_scenarios import SCEN, bf, input_error, run_text, seat


def _text(name: str) -> str:
    return (SCEN / f"{name}.toml").read_text(encoding="utf-8")


def _no_expect(text: str) -> str:
    return text.split("[expect]")[0]


def test_tumbler_is_no_creature_after_the_turn() -> None:
    # 514.2: "until end of turn" ends in the cleanup step; on the opponent's turn the Vehicle
    # is a noncreature artifact again (no power shown), still named Tangle Tumbler
    text = _no_expect(_text("vehicle_tapped_tokens_becomes_creature"))
    s = run_text(text + '\n[[action]]\nadvance = "next_turn"\n')
    (tumbler,) = bf(s, 0, "Tangle Tumbler")
    assert tumbler["power"] is None
    assert seat(s, 1)["life"] == 14


def test_tumbler_without_two_untapped_tokens_is_refused() -> None:
    # the cost "Tap two untapped tokens you control" needs two (602.2b: a cost must be paid)
    text = _no_expect(_text("vehicle_tapped_tokens_becomes_creature")).replace(
        ', { card = "Food", token = true },\n               { card = "Food", token = true }]',
        ', { card = "Food", token = true }]',
    )
    assert "its activation restriction is not met" in input_error(run_text, text)


def test_tumbler_not_animated_cannot_attack() -> None:
    # a Vehicle that is not a creature cannot be declared as an attacker (508.1a)
    text = _no_expect(_text("vehicle_tapped_tokens_becomes_creature")).replace(
        '[[action]]\nactivate = "Tangle Tumbler"\nability = 2\n\n[[action]]\nresolve = true\n\n',
        "",
    )
    # (the seat is named: the message once showed a literal "{p}")
    assert "Tangle Tumbler can't attack" in input_error(run_text, text)
    assert "not a creature seat 0 controls" in input_error(run_text, text)


def test_mentor_without_sugar_coat_has_no_food_ability() -> None:
    # the Food ability is the Aura's gift: without it Vinereap Mentor has no activated ability
    text = _no_expect(_text("sugar_coat_food_eaten_is_no_creature_dying")).replace(
        '"Island", { card = "Sugar Coat", attached_to = "battlefield:1:Vinereap Mentor" }',
        '"Island"',
    )
    assert "no activated abilities" in input_error(run_text, text)


def test_sugar_coat_lasts_past_the_turn() -> None:
    # a static ability, not an effect "until end of turn": on the next turn the enchanted
    # attacker is still a colorless Food with no power
    text = _no_expect(_text("sugar_coat_attacker_becomes_food"))
    s = run_text(text + '\n[[action]]\nadvance = "next_turn"\n')
    (jackdaw,) = bf(s, 1, "Jackdaw Savior")
    assert jackdaw["power"] is None
    assert jackdaw["colors"] == ""


def test_destroying_sugar_coat_gives_the_creature_back() -> None:
    # Nettle Guard ("{1}, Sacrifice Nettle Guard: Destroy target artifact or enchantment")
    # destroys the Aura: the effect ends and the Jackdaw is a white 3/1 flyer again (611.3a)
    text = _no_expect(_text("sugar_coat_attacker_becomes_food")).replace(
        'battlefield = [{ card = "Jackdaw Savior", sick = false }]',
        'battlefield = [{ card = "Jackdaw Savior", sick = false }, "Plains", "Nettle Guard"]',
    )
    text += (
        '\n[[action]]\nactivate = "Nettle Guard"\ntargets = ["battlefield:0:Sugar Coat"]\n'
        "\n[[action]]\nresolve = true\n"
    )
    s = run_text(text)
    (jackdaw,) = bf(s, 1, "Jackdaw Savior")
    assert (jackdaw["power"], jackdaw["toughness"]) == (3, 1)
    assert jackdaw["colors"] == "W"
    assert jackdaw["keywords"] == ["flying"]
    assert seat(s, 0)["graveyard"] == ["Sugar Coat"]


def test_without_ygra_the_creature_has_no_food_ability() -> None:
    text = _no_expect(_text("ygra_creature_is_food_eaten")).replace(
        'battlefield = [{ card = "Ygra, Eater of All", sick = false }]', "battlefield = []"
    )
    assert "no activated abilities" in input_error(run_text, text)


def test_ygra_ward_counters_fell_without_a_food() -> None:
    # 702.21a: the caster cannot sacrifice a Food, so Fell is countered; Ygra stays, with no
    # counters (no Food went to a graveyard)
    text = _no_expect(_text("ygra_ward_sacrifice_a_food")).replace(
        ', { card = "Food", token = true }]', "]"
    )
    s = run_text(text)
    (ygra,) = bf(s, 0, "Ygra, Eater of All")
    assert ygra["counters"] == {}
    assert seat(s, 1)["graveyard"] == ["Fell"]


def test_ygra_is_no_food_itself() -> None:
    # "Other creatures": Ygra is not a Food, so it has no Food ability to activate
    text = _no_expect(_text("ygra_creature_is_food_eaten")).replace(
        'activate = "Zulaport Cutthroat"', 'seat = 0\nactivate = "Ygra, Eater of All"'
    )
    assert "no activated abilities" in input_error(run_text, text)


def test_ygra_forage_sacrifices_a_food_token_rather_than_pay() -> None:
    # with a noncreature Food the caster forages (sacrifices it) and pays only {1}{B}: one
    # Swamp stays untapped, and Ygra gets two counters for each Food put into a graveyard
    text = _no_expect(_text("ygra_forage_or_pay_keeps_creatures")).replace(
        '{ card = "Bakersbane Duo", sick = false }]',
        '{ card = "Bakersbane Duo", sick = false }, { card = "Food", token = true }]',
    )
    s = run_text(text)
    assert [p["tapped"] for p in bf(s, 0, "Swamp")].count(False) == 1
    assert bf(s, 0, "Food") == []
    (ygra,) = bf(s, 0, "Ygra, Eater of All")
    assert ygra["counters"] == {"+1/+1": 4}


def test_an_enchant_creature_aura_falls_off_a_sugar_coated_creature() -> None:
    # the card's ruling: "Auras attached to that creature will be put into their owner's
    # graveyard (unless they could also enchant a Food artifact)" (704.5m)
    text = _no_expect(_text("sugar_coat_attacker_becomes_food")).replace(
        'battlefield = [{ card = "Jackdaw Savior", sick = false }]',
        'battlefield = [{ card = "Jackdaw Savior", sick = false },\n'
        '               { card = "Feather of Flight",'
        ' attached_to = "battlefield:1:Jackdaw Savior" }]',
    )
    s = run_text(text)
    assert seat(s, 1)["graveyard"] == ["Feather of Flight"]
    assert [p["card"] for p in bf(s, 1)] == ["Jackdaw Savior"]


def test_an_enchant_creature_aura_falls_off_the_tumbler_after_the_turn() -> None:
    # Feather of Flight (flash, "Enchant creature") on the animated Vehicle: once it is no
    # creature (cleanup, 514.2) the Aura goes to the graveyard (704.5m)
    text = _no_expect(_text("vehicle_tapped_tokens_becomes_creature")).replace(
        '[[seat]]\nbattlefield = [{ card = "Tangle Tumbler", sick = false },',
        '[[seat]]\nhand = ["Feather of Flight"]\n'
        'battlefield = ["Plains", "Plains", { card = "Tangle Tumbler", sick = false },',
    )
    text += (
        '\n[[action]]\ncast = "Feather of Flight"\ntargets = ["battlefield:0:Tangle Tumbler"]\n'
        '\n[[action]]\nresolve = true\n\n[[action]]\nadvance = "next_turn"\n'
    )
    s = run_text(text)
    assert seat(s, 0)["graveyard"] == ["Feather of Flight"]
