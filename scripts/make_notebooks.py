"""Write the tutorial notebooks in notebooks/ from the short descriptions below.

Each description is Markdown; every ```python fence becomes a code cell and a line holding only +++ starts a new
Markdown cell. The notebooks are written without outputs: run them afterwards so nbval has outputs to compare.

Run: python scripts/make_notebooks.py && python scripts/run_notebooks.py
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

ROOT = Path(__file__).resolve().parents[1]
FENCE = re.compile(r"^```python\n(.*?)^```[ \t]*$", re.S | re.M)

# Every notebook starts with this cell: the language switch used by explanations, pictures and widgets.
SETUP = '''```python
import brass_nb as bn
from brass_nb.explain import set_language

LANG = "en"          # 日本語で読むには: LANG = "ja"
set_language(LANG)
```'''


def cells(text: str) -> list:
    """Markdown with ```python fences → notebook cells (ids numbered, so regenerating changes nothing)."""
    out = []
    parts = FENCE.split(text.replace("{SETUP}", SETUP).strip() + "\n")
    for i, part in enumerate(parts):
        if i % 2:
            out.append(new_code_cell(part.rstrip()))
        else:
            out += [new_markdown_cell(chunk.strip()) for chunk in re.split(r"^\+\+\+$", part, flags=re.M)
                    if chunk.strip()]
    for n, cell in enumerate(out, 1):
        cell.id = f"cell-{n:02d}"
    return out


NOTEBOOKS: dict[str, str] = {}

# ----------------------------------------------------------------------------------------------------------------
NOTEBOOKS["00_start_here"] = r'''
# Start here

These notebooks teach **Brass: Birmingham** one rule at a time. Nothing is only described: a small game engine,
`brass_nb`, plays every example, and each rule it applies comes with a sentence and the numbers it used.

**Running a notebook**

* Click into a grey code cell and press **Shift+Enter**: the cell runs and the next one is selected.
* Go from top to bottom; later cells use what earlier cells made.
* Lost? *Kernel → Restart Kernel and Run All Cells* starts the notebook afresh.

+++

## English or Japanese · 英語か日本語か

The engine explains itself in English or Japanese. Choose with the buttons below (or write `LANG = "ja"`), then run
the cells after it again. Every other notebook begins with the same `LANG = "en"` line: change it there.

エンジンの説明は英語でも日本語でも表示できます。下のボタンで「日本語」を選ぶか `LANG = "ja"` と書き換えてから、
その後のセルをもう一度実行してください。ほかのノートブックでは最初のセルの `LANG = "en"` を書き換えます。

```python
import ipywidgets as widgets

import brass_nb as bn
from brass_nb.explain import set_language

LANG = "en"          # 日本語で読むには: LANG = "ja"
set_language(LANG)


def choose_language(change):
    global LANG
    LANG = change["new"]
    set_language(LANG)


toggle = widgets.ToggleButtons(options=[("English", "en"), ("日本語", "ja")], value=LANG)
toggle.observe(choose_language, "value")
toggle
```

## A seed deals the game

A new game shuffles the cards, the merchant tiles and the turn order. The **seed** is the number behind that
shuffle: the same seed always deals the same game. When the teacher says "two players, seed 1", everybody in the
room gets the same board and the same hands. A different seed deals a different game.

```python
game = bn.new_game("birmingham", players=2, seed=1)
again = bn.new_game("birmingham", players=2, seed=1)
different = bn.new_game("birmingham", players=2, seed=2)
again.players[0].hand == game.players[0].hand, different.players[0].hand == game.players[0].hand
```

## A first look at the board

* **Towns** carry industry slots. A slot shows the industries allowed there; a slot with two icons takes either.
* Between towns are **link spaces**: a solid line takes a canal or a rail, a dashed line only a canal, a dotted
  line only a rail.
* **Merchants** sit at the edge (names in italics). Their tiles show the goods they buy; a dark tile is blank.
* On the right: the **coal and iron markets**, and a panel per player (money, income, VP, cards, money spent).
  The ▸ marks the player to act.

```python
game.picture(language=LANG)
```

`game.current_player` counts from 0, as Python does, while explanations count from 1: index 1 is **Player 2**.
Everybody starts with £17, income level 0 and 8 cards.

```python
me = game.current_player
player = game.players[me]
print(f"index {me} = Player {me + 1}: £{player.money}, income level {player.income_level}, {len(player.hand)} cards")
print(player.hand)
```

## Actions, explanations, refusals

`game.legal_actions()` lists everything the player to act may do, one action per line, written in the notation
the notebooks use. Here are the first six, and how many there are in all:

```python
actions = game.legal_actions()
print("\n".join(actions.texts()[:6]))
len(actions)
```

`game.play(...)` carries out one action and returns its **explanation**: every rule the engine applied, in order.
Player 2 takes a loan:

```python
explanation = game.play("loan with card Brewery")
explanation
```

The same explanation in Japanese, whichever language you chose above:

```python
print(explanation.text("ja"))
```

`game.undo()` takes the last action back. It rebuilds the game, so look players up again afterwards.

An action that breaks a rule is never carried out: `game.why_not(...)` lists each condition that fails, with the
rule's id. Here Leek has no pottery slot, and Player 2 holds no Leek card either.

```python
print(game.undo())
player = game.players[me]
print(f"Player {me + 1} has £{player.money} again")
for step in game.why_not("build pottery Leek with card Leek"):
    print(step.rule, "→", step.text())
```

## The Explorer

The Explorer puts all this behind buttons. Choose an **action**, then each choice that follows it (industry,
place, card, resources); every list offers only what the rules allow at that moment, and the text under the board
says what the action would do. **Play** carries it out, **Undo** and **Redo** step through the game, and the
English / 日本語 buttons switch the language. Click a numbered step to see it drawn on the board. You can also type
an action into the box and press **Why not?**.

The Explorer below plays its own copy of seed 1, so the `game` above is left alone.

```python
from brass_nb.widgets import Explorer, Quiz

Explorer(bn.new_game("birmingham", players=2, seed=1), language=LANG)
```

## Quiz

Each notebook ends with a question. Pick an answer and press **Check**: the engine plays the action on a copy of
the game (yours does not change) and shows its reasons.

```python
Quiz.income_after(game, "loan with card Brewery", language=LANG)
```
'''

# ----------------------------------------------------------------------------------------------------------------
NOTEBOOKS["01_setup_and_first_turn"] = r'''
# 1 · Setup and the first turns

What each player receives, how the board depends on the number of players, and the first two rounds of a game
played out in pounds.

{SETUP}

## What each player receives

* **£17**.
* The income marker on **track space 10**. Space 10 shows income **level 0**: the money you receive each round is
  the *level* printed beside the marker, never the space number.
* **8 cards** in hand and **1 more face down** on their own discard pile. The face-down card plays no part in the
  canal era; it returns when all discards are shuffled into the rail deck.

Checked for 2, 3 and 4 players:

```python
for n in (2, 3, 4):
    game = bn.new_game("birmingham", players=n, seed=1)
    for i, p in enumerate(game.players):
        print(f"{n} players, Player {i + 1}: £{p.money}, space {p.income_space} = level {p.income_level}, "
              f"{len(p.hand)} cards in hand, {len(p.discard)} face down")
```

## Merchants depend on the player count

One merchant tile goes on each merchant space that the player count uses:

* **2 players**: Warrington and Nottingham stay empty;
* **3 players**: Nottingham stays empty;
* **4 players**: every merchant space gets a tile.

A tile shows which goods that merchant buys; a blank tile buys nothing (its trade icon still matters for coal,
see notebook 3). Every non-blank tile starts with one barrel of merchant beer.

```python
for n in (2, 3, 4):
    game = bn.new_game("birmingham", players=n, seed=1)
    places = sorted({tile.location for tile in game.state.merchants.values()})
    print(f"{n} players: {len(game.state.merchants)} merchant tiles, at {', '.join(places)}")
```

```python
game = bn.new_game("birmingham", players=2, seed=1)
for space, tile in game.state.merchants.items():
    print(f"{space:14} buys {', '.join(tile.buys) or 'nothing (blank)':32} beer {tile.beer}")
```

## Markets and the income track

The coal market starts full except for one £1 space, the iron market full except for both £1 spaces. So the
next coal cube costs £1 and the next iron cube £2.

```python
game.state.markets, game.state.market_price("coal"), game.state.market_price("iron")
```

```python
game.income_space(10)
```

## The first turns in numbers

This follows the worked example of the rule summary. In the **first round of the canal era each player has a
single action.** With seed 1, Player 2 (index 1) goes first and takes a **loan**: £30 more, and the income falls by
3 **levels**, not 3 spaces. (The other way round, a tile that flips moves the marker *up* by the number of
**spaces** printed on it.) Any card can pay for the action: only building looks at what a card shows.

```python
game = bn.new_game("birmingham", players=2, seed=1)
me = game.current_player
player = game.players[me]
print(f"Player {me + 1}: £{player.money}, income level {player.income_level}")
explanation = game.play(f"loan with card {player.hand[0]}")
print(explanation)
player.money, player.income_level, player.income_space, player.spent_this_round
```

Money borrowed is not money spent: Player 2's spending stays at £0. Player 1 now uses their one action to pass (a
pass discards a card too). The round is over: the turn order is set again by money spent (both £0, so it stays),
then income is paid. At level −3 Player 2 **pays** £3.

```python
other = game.current_player
explanation = game.play(f"pass with card {game.players[other].hand[0]}")
print(explanation)
player.money
```

From round 2 on, every turn has **two actions**. Player 2 has nothing on the board yet, so their first canal may go
on any empty canal space. A canal costs £3, and that does count as spending. The towns at both ends join Player 2's
network.

```python
explanation = game.play(f"network Dudley - Birmingham with card {player.hand[0]}")
print(explanation)
player.money, player.spent_this_round, game.network(me)
```

Player 2's second action is a pass. Player 1 passes twice, the round ends, and Player 2 pays £3 again. (This only
practises the procedure; it is not a plan to copy.)

```python
game.play(f"pass with card {player.hand[0]}")
for _ in range(2):
    explanation = game.play(f"pass with card {game.players[other].hand[0]}")
print(explanation)
player.money
```

```python
game.picture(network=me, language=LANG)
```

Player 2 spent £3 in round 2 and Player 1 nothing, so **Player 1 (index 0) acts first in round 3**: whoever spent
least goes first. Player 1 passes twice more, and it is Player 2's turn, still at income level −3 (space 7).

```python
first = game.current_player
for _ in range(2):
    game.play(f"pass with card {game.players[first].hand[0]}")
first, game.current_player, player.income_level, player.income_space
```

## Quiz

```python
from brass_nb.widgets import Quiz

Quiz.income_after(game, f"loan with card {player.hand[0]}", language=LANG)
```
'''

# ----------------------------------------------------------------------------------------------------------------
NOTEBOOKS["02_network_vs_connected"] = r'''
# 2 · Your network, and what is connected

Two ideas that sound alike:

* **Your network**: the locations holding one of *your* industry tiles, plus the locations at either end of *your*
  links. It decides where an industry card lets you build and where your next link may go.
* **Connected**: two places are connected when a chain of links joins them, **no matter who owns the links**. It
  decides where coal and another player's beer can come from, and which merchants you can sell to.

Other players' links never enlarge your network, but they do connect you.

{SETUP}

A position written by hand (notebook 8 shows how): Player 1 has a manufacturer in Walsall and the canal
Walsall–Birmingham; Player 2 has two coal mines and two canals around Wolverhampton.

```python
from brass_nb.scenario import read

position = """
players 2
era canal
round 2
turn 1
player 1 money 30
hand 1 Iron Works, Coal Mine, Birmingham
hand 2 Kidderminster, Burton-on-Trent
tile Walsall[2] player 1 manufacturer I
link Walsall - Birmingham player 1
tile Dudley[1] player 2 coal I cubes 2
tile Cannock[2] player 2 coal II cubes 3
link Walsall - Wolverhampton player 2
link Wolverhampton - Dudley player 2
"""
game = read(position).game()
game.network(0)
```

Player 1's network is just Walsall and Birmingham. Connected to Walsall, counting links of any owner:

```python
game.connected("Walsall")   # place: distance in links, nearest first
```

In the picture, Player 1's network is ringed with a dashed line in their colour; everything connected to Walsall
is shaded green, with its distance.

```python
game.picture(network=0, connected="Walsall", language=LANG)
```

## What your network decides

Dudley is connected to Walsall, but it is not in Player 1's network, so the Iron Works card cannot build there.
Birmingham is in the network, so it can. New links follow the same rule: a canal from Walsall is fine, a canal
from Dudley is not.

```python
def check(action):
    reasons = game.why_not(action)
    print(action, "→", "; ".join(step.text() for step in reasons) or "legal")


check("build iron Dudley[2] with card Iron Works")
check("build iron Birmingham[3] with card Iron Works")
check("network Cannock - Walsall with card Coal Mine")
check("network Dudley - Kidderminster with card Coal Mine")
```

## What connection decides

Coal travels along anyone's links. An iron works in Birmingham would burn coal from Dudley[1], three links away
over Player 2's canals. Cannock is nearer on the map, but no link reaches it, so it does not count at all.

```python
sources = game.coal_sources("Birmingham")
sources
```

```python
sources.facts["nearest"]
```

Now Player 1 builds the canal Cannock–Walsall. Cannock joins Player 1's network *and* becomes connected, and its
mine is now the nearest (two links from Birmingham):

```python
game.play("network Cannock - Walsall with card Coal Mine")
print(game.network(0))
game.coal_sources("Birmingham").facts["nearest"]
```

```python
game.picture(network=0, connected="Walsall", language=LANG)
```

## Quiz

Back to the position before that canal:

```python
from brass_nb.widgets import Quiz

game.undo()
Quiz.coal_source(game, "build iron Birmingham[3] with card Iron Works", language=LANG)
```
'''

# ----------------------------------------------------------------------------------------------------------------
NOTEBOOKS["03_coal_iron_beer"] = r'''
# 3 · Coal, iron and beer

Three resources, three different rules. Do not mix them up:

| | where it may come from | if there is none |
|---|---|---|
| **coal** | the **nearest connected** coal mine with coal (distance = number of links; a tie is the player's choice) | the coal market, only with a connection to a merchant's trade icon |
| **iron** | **any** iron works with iron, anywhere on the board; no connection, no "nearest" | the iron market, no connection needed |
| **beer** | **your own** brewery anywhere; **another player's** brewery only if connected; merchant beer only when selling to that merchant | there is none: beer is never bought |

Taking another player's coal, iron or beer is **free**, but it may empty and flip their tile, which raises *their*
income and makes the tile score for *them*.

{SETUP}

## Coal: the nearest connected mine

Each position here is one of the ready scenarios of `brass_nb.scenario.library`.

```python
from brass_nb.scenario import library

scenario = library.load("equidistant_coal")
game = scenario.game()
print(scenario.title, "—", scenario.teaches)
game.coal_sources("Walsall")
```

Both mines are two links from Walsall, so the player chooses. An action that does not say which is refused:

```python
[step.text() for step in game.why_not("build iron Walsall[1] with card Walsall")]
```

```python
explanation = game.play("build iron Walsall[1] with card Walsall; coal Cannock[2]")
game.picture(highlight=explanation, language=LANG)
```

```python
explanation.find("coal.take")[0].facts["source"]
```

The Source Finder asks the same questions interactively: choose a place and a resource.

```python
from brass_nb.widgets import Quiz, SourceFinder

SourceFinder(library.load("equidistant_coal").game(), "Walsall", "coal", language=LANG)
```

## Coal from the market

Tamworth's mine has coal but is not connected to Birmingham, so it cannot be used. With no connected mine, coal is
bought from the market, cheapest cube first, and that needs a connection to a merchant's trade icon: Birmingham–
Oxford provides it (a blank merchant tile would do as well).

```python
game = library.load("coal_market").game()
game.coal_sources("Birmingham")
```

```python
explanation = game.play("build iron Birmingham[3] with card Birmingham")
print(explanation.find("coal.buy")[0].text())
game.players[0].money
```

£20 − £5 for the iron works − £1 for the coal + £2: a new iron works at once sells iron cubes to the empty £1
spaces of the iron market.

## Iron from anywhere

Coalbrookdale is not connected to Stafford at all, and its iron can still be used, for free.

```python
game = library.load("iron_anywhere").game()
print("Coalbrookdale connected to Stafford?", "Coalbrookdale" in game.connected("Stafford"))
game.iron_sources()
```

```python
explanation = game.play("build brewery Stafford[1] with card Stafford")
print(explanation.find("iron.take")[0].text())
game.players[0].money
```

£20 − £5 for the brewery; the iron itself cost nothing.

## Your own beer and another player's beer

Player 1 sells cotton from Worcester. Their own brewery in Stafford counts without any connection; Player 2's
brewery in Walsall does not, because nothing connects Walsall to Worcester.

```python
game = library.load("own_and_other_beer").game()
game.beer_sources("Worcester")
```

Now the same position, with two canals of Player 2 joining Walsall to Worcester through Birmingham. Player 2's beer
becomes usable. Player 1 pays nothing for it, but Player 2's brewery loses its last barrel, flips, and Player 2's
income rises.

```python
scenario = library.load("own_and_other_beer")
scenario.link("Walsall - Birmingham", player=1).link("Worcester - Birmingham", player=1)
game = scenario.game()
explanation = game.play("sell cotton Worcester[1] to Gloucester[1] with card Wolverhampton; beer Walsall[2]")
print(explanation)
```

```python
game.picture(highlight=explanation, language=LANG)
```

```python
print(f"Player 1 still has £{game.players[0].money}; Player 2's income level went from 0 to "
      f"{game.players[1].income_level}")
```

## Quiz

```python
Quiz.coal_source(library.load("coal_market").game(), "build iron Birmingham[3] with card Birmingham",
                 language=LANG)
```
'''

# ----------------------------------------------------------------------------------------------------------------
NOTEBOOKS["04_building"] = r'''
# 4 · Building

Building is the only action that reads the card you discard. The card decides *where* or *what*:

| card | builds |
|---|---|
| **location card** (a town) | any industry that town's slots allow, **in your network or not** |
| **industry card** | that industry, in a town of **your network** |
| **wild location** | as any town card, but never on a farm brewery |
| **wild industry** | as any industry card |

Every other action also discards a card, but there any card will do.

{SETUP}

The position: Player 1 owns a cotton mill in Worcester and the link Kidderminster–Worcester. That single link is
three-way: it also touches the southern farm brewery. Their hand holds a location card, an industry card, a
Brewery card and a wild location. The game has three players, so that the deck holds Leek and Cotton
Mill/Manufacturer cards.

```python
from brass_nb.scenario import library, read

scenario = read(library.text("farm_breweries").replace("players 2", "players 3"))
scenario.player(0, money=40, hand=["Leek", "Cotton Mill/Manufacturer", "Brewery", "Wild Location"])
scenario.wilds["Wild Location"] = 3        # the wild card in the hand came from its pile of 4
scenario.tile("Worcester[1]", player=0, industry="cotton", level=1)
game = scenario.game()
game.network(0)
```

```python
game.picture(network=0, language=LANG)
```

```python
def check(action):
    reasons = game.why_not(action)
    print(action, "→", "; ".join(step.text() for step in reasons) or "legal")
```

## Location card, industry card, wild card

Leek is far outside Player 1's network: the Leek card may build there, the industry card may not.

```python
check("build cotton Leek[1] with card Leek")
check("build cotton Leek[1] with card Cotton Mill/Manufacturer")
check("build cotton Kidderminster with card Cotton Mill/Manufacturer")
```

A wild location card stands for any town card, and goes back to its own pile instead of a discard pile:

```python
explanation = game.play("build cotton Leek[1] with card Wild Location")
print(explanation)
print("undone:", game.undo())
```

## Which tile, which slot

You always build the **lowest level** left on your mat. In a town, a slot showing **only** that industry is used
before a slot showing two. Kidderminster has a cotton-only slot [2] and a cotton-or-coal slot [1]:

```python
explanation = game.play("build cotton Kidderminster with card Cotton Mill/Manufacturer")
print(explanation)
game.undo()
check("build cotton Kidderminster[1] with card Cotton Mill/Manufacturer")
```

In the **canal era** you may have only one industry per town (other players may share it). Player 1 already has
Worcester[1]:

```python
check("build cotton Worcester[2] with card Cotton Mill/Manufacturer")
```

## Farm breweries

The two unnamed brewery spaces take a **Brewery card or a wild industry card** only, and need your network there,
which for the southern one comes from the three-way link.

```python
check("build brewery Farm Brewery South[1] with card Wild Location")
check("build brewery Farm Brewery North[1] with card Brewery; iron market")
explanation = game.play("build brewery Farm Brewery South[1] with card Brewery; iron market")
print(explanation)
```

## The first-build exception

With **nothing of yours on the board**, an industry card may start in any town that allows the industry. Coal and
iron are still needed as usual. Afterwards the card is bound to your network again.

```python
scenario = library.load("first_build")
scenario.player(0, hand=["Coal Mine", "Iron Works", "Birmingham"])
game = scenario.game()
print(game.play("build coal Leek[2] with card Coal Mine"))
check("build iron Birmingham[3] with card Iron Works")
```

## Overbuilding

A tile can be replaced by a **higher level of the same industry**. Your own: any industry. Another player's: only a
coal mine or iron works, and only when no cube of that resource is left on the board **or** in the market. Here
Player 1 has no level I coal mines left, so their lowest is level II, and the coal market is empty:

```python
overbuild = library.load("overbuild_coal").game()
print(overbuild.players[0].lowest_level("coal"), overbuild.state.markets["coal"])
print(overbuild.play("build coal Dudley[1] with card Dudley"))
```

With a single cube back in the coal market, the same overbuild is refused:

```python
scenario = library.load("overbuild_coal")
scenario.market("coal", 1)
[step.text() for step in scenario.game().why_not("build coal Dudley[1] with card Dudley")]
```

## Quiz

Player 1 has just built the coal mine at Leek (the first-build position above) and now uses the Birmingham card.

```python
from brass_nb.widgets import Quiz

Quiz.coal_source(game, "build iron Birmingham[3] with card Birmingham", language=LANG)
```
'''

# ----------------------------------------------------------------------------------------------------------------
NOTEBOOKS["05_selling_and_merchants"] = r'''
# 5 · Selling to merchants

Cotton mills, manufacturers and potteries flip by being **sold**. A sell action:

1. discards any card;
2. picks one of your unflipped mills, manufacturers or potteries that is **connected** (anyone's links) to a
   merchant whose tile buys that good;
3. uses the beer printed on the tile: your own beer from anywhere, another player's only if connected (free for
   you, but it may flip their brewery and raise their income), or the **merchant beer** beside the merchant you
   sell to;
4. flips the tile, and your income marker moves forward by the **track spaces** printed on it.

Coal mines, iron works and breweries are never sold: they flip when their last cube or barrel is used.

{SETUP}

## Merchant beer and its bonus

Player 1 sells cotton from Birmingham to Oxford, which is connected. One barrel is needed, and there are two
choices:

```python
from brass_nb.scenario import library

game = library.load("merchant_beer_bonus").game()
sales = [text for text in game.legal_actions().texts() if text.startswith("sell") and "card Wolverhampton" in text]
print("\n".join(sales))
```

With the merchant's own beer, Player 1 also gets **Oxford's bonus**: two more income spaces.

```python
explanation = game.play("sell cotton Birmingham[1] to Oxford[1] with card Wolverhampton; beer Oxford[1]")
print(explanation)
bool(explanation.find("sell.merchant_beer")), game.players[0].income_space, game.players[0].income_level
```

With their own beer instead there is **no bonus**; only merchant beer brings it. (Here their brewery gives up its
last barrel, so it flips too and moves the marker 4 spaces: a different gain, not the bonus.)

```python
game.undo()
explanation = game.play("sell cotton Birmingham[1] to Oxford[1] with card Wolverhampton; beer Stafford[1]")
print(explanation)
bool(explanation.find("sell.merchant_beer")), game.players[0].income_space, game.players[0].income_level
```

## Refused sales

A brewery is never sold, and you may not drink more beer than the tile needs just to collect a bonus:

```python
def check(action):
    reasons = game.why_not(action)
    print(action, "→", "; ".join(step.text() for step in reasons) or "legal")


game = library.load("merchant_beer_bonus").game()
check("sell brewery Stafford[1] to Oxford[1] with card Wolverhampton")
check("sell cotton Birmingham[1] to Oxford[1] with card Wolverhampton; beer Oxford[1], Stafford[1]")
```

## Several tiles in one action

One sell action may go on to sell more of your tiles, each to a merchant it is connected to, each with its own
beer, **without another card**. After each sale the engine waits: sell another tile, or write `done`.

```python
from brass_nb.scenario import read

position = """
players 2
era canal
round 2
turn 1
merchant Oxford[1] buys cotton beer 1
merchant Oxford[2] buys manufacturer beer 1
player 1 money 10
hand 1 Wolverhampton, Burton-on-Trent
hand 2 Kidderminster, Coventry
tile Stafford[1] player 1 brewery I cubes 1
tile Birmingham[1] player 1 cotton I
tile Coventry[2] player 1 manufacturer I
link Birmingham - Oxford player 1
link Birmingham - Coventry player 2
"""
game = read(position).game()
game.play("sell cotton Birmingham[1] to Oxford[1] with card Wolverhampton; beer Oxford[1]")
print(game.phase)
print(game.legal_actions())
```

The manufacturer in Coventry reaches Oxford over Player 2's link, and this second sale takes no card:

```python
explanation = game.play("sell manufacturer Coventry[2] to Oxford[2]; beer Stafford[1]")
print(explanation)
game.players[0].income_level, game.players[0].hand
```

```python
game.picture(highlight=explanation, language=LANG)
```

To stop after the first sale instead, play `done`. The sell action ends, and Player 1 still has the Burton-on-Trent card for
the second action of the turn:

```python
game.undo()
print(game.play("done"))
game.phase, game.players[0].hand
```

## Quiz

```python
from brass_nb.widgets import Quiz

Quiz.income_after(library.load("merchant_beer_bonus").game(),
                  "sell cotton Birmingham[1] to Oxford[1] with card Wolverhampton; beer Oxford[1]", language=LANG)
```
'''

# ----------------------------------------------------------------------------------------------------------------
NOTEBOOKS["06_develop_loan_scout_pass"] = r'''
# 6 · Develop, loan, scout and pass

Four actions that build nothing on the board. Each of them, like every action, **discards a card**, and for none of
them does the card matter: only building reads what a card shows.

{SETUP}

Player 1 holds five town cards, has £30 and sits on income track space 19. Player 2 owns an iron works in
Coalbrookdale with two cubes.

```python
from brass_nb.scenario import read

position = """
players 2
era canal
round 2
turn 1
player 1 money 30 income 19
hand 1 Wolverhampton, Burton-on-Trent, Kidderminster, Coventry, Nuneaton
hand 2 Stafford, Walsall
deck Tamworth, Cannock, Dudley, Redditch, Worcester, Kidderminster, Burton-on-Trent, Wolverhampton
tile Coalbrookdale[2] player 2 iron I cubes 2
"""
game = read(position).game()
player = game.players[0]
player.money, player.income_space, player.income_level
```

## Develop

Developing removes the **lowest** tile of an industry from your mat, so that the next build uses a higher level.
Each tile removed costs one iron, taken like any iron: from any iron works, free, or else from the market. One
develop action may remove two tiles (the second takes no card).

Tiles showing the crossed lightbulb, such as pottery I, can never be developed; they must be built.

```python
[step.text() for step in game.why_not("develop pottery with card Wolverhampton")]
```

```python
print(game.play("develop coal with card Wolverhampton; iron Coalbrookdale[2]"))
print(game.phase)
```

The second tile of the same action takes the last iron cube from Player 2's works: free for Player 1, but the works
flips and **Player 2's** income goes up.

```python
print(game.play("develop coal; iron Coalbrookdale[2]"))
player.lowest_level("coal"), game.players[1].income_level
```

## Loan

A loan brings £30 and moves the income marker down **3 levels**, not 3 spaces. Above level 0 each level spans
two or more spaces, so the marker falls more than 3 spaces: it lands on the highest space of the new level.

```python
explanation = game.play("loan with card Burton-on-Trent")
print(explanation)
player.money, player.income_space, player.income_level
```

The IncomeTrack inspector reads the track for you: move the slider to any space to see its level, the other spaces
sharing that level, and where a loan from there would land. Compare how income *rises*: a flipped tile moves the
marker by the **spaces** printed on it.

```python
from brass_nb.widgets import IncomeTrack, Quiz

IncomeTrack(game, space=19, language=LANG)
```

A loan may not take the level below −10:

```python
game.income_space(2)
```

## Scout and pass

Scouting discards **three** cards and takes one wild location and one wild industry card. It is not allowed while
you already hold a wild card. (The explanation names the first card as the one paying for the action, then lists
all three cards discarded.)

```python
game = read(position).game()
print(game.play("scout with cards Wolverhampton, Burton-on-Trent, Kidderminster"))
print(game.players[0].hand)
[step.text() for step in game.why_not("scout with cards Coventry, Nuneaton, Wild Location")]
```

Passing does nothing except discard a card:

```python
explanation = game.play("pass with card Coventry")
print(explanation)
game.players[0].hand
```

## Quiz

Back to the start of this position, on space 19:

```python
Quiz.income_after(read(position).game(), "loan with card Wolverhampton", language=LANG)
```
'''

# ----------------------------------------------------------------------------------------------------------------
NOTEBOOKS["07_era_end_and_scoring"] = r'''
# 7 · End of an era, scoring and the winner

An era ends after the round in which the deck and every hand run out. Then, in this order:

1. every **link** scores the **link icons** at both of its ends: the icons on *flipped* industry tiles there (anyone's)
   and the icons printed beside merchants. It is the icons that count, not how many tiles there are, nor their VP;
2. every **flipped industry** scores the VP printed on it; unflipped tiles score nothing;
3. all links leave the board; after the canal era every **level I** industry leaves too (higher levels stay and
   can score again at the end of the rail era).

{SETUP}

## Before the last pass of the canal era

Player 2 has a flipped coal mine in Dudley and a flipped iron works in Birmingham. Player 1 has an unflipped
cotton mill in Worcester, and we add a flipped pottery II in Coventry. Player 1 owns the link Dudley–Birmingham,
Player 2 the link Birmingham–Oxford.

```python
from brass_nb.scenario import library

scenario = library.load("canal_scoring")
scenario.tile("Coventry[1]", player=0, industry="pottery", level=2, flipped=True)
game = scenario.game()
preview = game.score_preview()
print(preview)
```

Dudley–Birmingham: the coal mine shows 2 link icons and the iron works 1, so **3 VP**, although the two tiles are
worth 1 and 3 VP. Birmingham–Oxford: 1 from the iron works plus the **2 icons printed at Oxford**.

```python
{step.facts["link"]: step.facts["vp"] for step in preview.find("score.link")}
```

The ScorePreview inspector shows the same, drawn on the board:

```python
from brass_nb.widgets import Quiz, ScorePreview

ScorePreview(game, language=LANG)
```

## The era ends

Player 1 discards their last card. Income is paid as usual after the last canal round, then the era is scored:

```python
explanation = game.play("pass with card Wolverhampton")
print(explanation)
[p.vp for p in game.players]
```

The links are gone and so are the level I tiles, flipped or not; the pottery II stays for the rail era:

```python
len(game.state.links), sorted(game.state.tiles), game.era, game.round
```

## The winner

At the end of the rail era the most VP wins. On a tie, the higher **income level** wins; then more **money**; if
that is equal too, the players share the place. Money is never turned into VP.

Three players finish the rail era with 60 VP each:

```python
from brass_nb.scenario import read

final = read("""
players 3
era rail
round 9
order 2 3 1
turn 1
player 1 money 5 income 30 vp 60
player 2 money 40 income 25 vp 60
player 3 money 12 income 25 vp 60
hand 1 Wolverhampton
discard 2 Kidderminster
discard 3 Burton-on-Trent
""").game()
print(final.play("pass with card Wolverhampton"))
[(row["place"], f"Player {row['player'] + 1}") for row in final.scores()]
```

No income was paid after that last round of the game.

## Quiz

```python
Quiz.link_score(library.load("canal_scoring").game(), "Birmingham - Oxford", language=LANG)
```
'''

# ----------------------------------------------------------------------------------------------------------------
NOTEBOOKS["08_instructor_scripting"] = r'''
# 8 · For instructors: writing your own positions

To show one rule, build exactly the position that shows it, in Python or as a small text file, then play on it with
the usual game API. Every position is checked before a game starts from it.

{SETUP}

## In Python

Players are numbered from 0 in Python (as in `game.players`).

```python
from brass_nb import Scenario

scenario = Scenario("birmingham", players=2)
scenario.title = "Coal from the nearest connected mine"
scenario.teaches = "Coal comes from the nearest connected mine, whoever owns it."
scenario.tile("Dudley[1]", player=1, industry="coal", level=1, cubes=2)
scenario.tile("Tamworth[1]", player=1, industry="coal", level=2, cubes=3)
scenario.link("Dudley - Birmingham", player=1)
scenario.player(0, money=30, hand=["Birmingham", "Wolverhampton"])
scenario.player(1, hand=["Kidderminster", "Burton-on-Trent"])
scenario.play("build iron Birmingham[3] with card Birmingham")
game = scenario.game()
game.coal_sources("Birmingham").facts["nearest"]
```

## As a position file

The same position as text: one fact per line, players numbered from 1, `#` starts a comment. `write` turns any
scenario into this text and `read` turns it back.

```python
from brass_nb.scenario import read, write

text = write(scenario)
print(text)
write(read(text)) == text
```

## Mistakes are reported, with line numbers

```python
from brass_nb import ScenarioError

broken = """
players 2
tile Dudly[1] player 2 coal I cubes 2
tile Walsall[1] player 1 coal I
link Dudley - Birmingham player 3
hand 1 Birmingham
"""
try:
    read(broken).game()
except ScenarioError as error:
    for step in error.steps:
        print(step.rule, "→", step.text())
```

## Exporting a worked example

A scenario with actions becomes a worked example: Markdown with a picture per step, one HTML page, or a notebook.
Write them somewhere outside the repository, for instance a temporary folder:

```python
import tempfile
from pathlib import Path

from brass_nb.scenario.export import to_markdown, to_notebook

with tempfile.TemporaryDirectory() as folder:
    markdown = to_markdown(scenario, folder, "nearest_coal")
    notebook = to_notebook(scenario, Path(folder) / "nearest_coal.ipynb")
    print(sorted(path.name for path in Path(folder).iterdir()))
    print(markdown.read_text(encoding="utf-8").splitlines()[0])
```

## Quiz

The kind of question a worked example can end with:

```python
from brass_nb.widgets import Quiz

Quiz.coal_source(scenario.game(), "build iron Birmingham[3] with card Birmingham", language=LANG)
```
'''


# ----------------------------------------------------------------------------------------------------------------
NOTEBOOKS["09_lancashire_for_birmingham_players"] = r'''
# Lancashire for Birmingham players

**Brass: Lancashire** is the older game on the same engine: the same turns, rounds, eras, coal and iron, network
and links. This notebook plays each thing that is *different*, one small position at a time.

{SETUP}

## Setting up

£30 each instead of £17; both markets start full (8 spaces, £1–£4, £5 when empty); no merchants, no beer, no wild
cards and no scouting; in the canal era one card per player waits unused under the deck.

```python
game = bn.new_game("lancashire", players=3, seed=4)
[p.money for p in game.players], game.state.markets, len(game.state.set_aside), game.state.merchants
```

```python
sorted({action.kind for action in game.legal_actions()})   # no "scout" among the actions
```

```python
game
```

## Cotton through a port

Only cotton is sold. A mill connected to an **unflipped port** of any player sells through it: **both** tiles flip,
and each owner's income rises by their own tile.

```python
from brass_nb.scenario import read

position = """\
game lancashire
players 3
era canal
round 2
turn 1
hand 1 Liverpool, Wigan
tile Preston[1] player 2 port I
tile Preston[2] player 1 cotton I
"""
game = read(position).game()
explanation = game.play("sell cotton Preston[2] to Preston[1] with card Liverpool")
explanation
```

```python
game.players[0].income_space, game.players[1].income_space   # the mill's owner +5 spaces, the port's owner +3
```

## The distant market

A mill connected to a trade icon (any port tile, or Scotland, Yorkshire, The Midlands) may sell far away: a tile is
drawn, demand falls, and the seller gains the bonus beside the marker before the mill flips. Here the next tiles are
fixed so that the story is the same every time.

```python
position = """\
game lancashire
players 3
era canal
round 2
turn 1
hand 1 Liverpool, Wigan
tile Colne[1] player 1 cotton I
tile Rochdale[1] player 1 cotton I
link Colne - Yorkshire player 1
link Rochdale - Yorkshire player 1
distant marker 6
distant tiles -1, -2
"""
game = read(position).game()
game.play("sell cotton Rochdale[1] to distant market with card Liverpool")
```

```python
game.players[0].income_space, game.state.distant["marker"]     # +0 bonus at space 7, +5 for the mill
```

The second mill draws −2: demand falls off the track. The sale fails, the mill stays unflipped, the whole action ends
and the distant market stays closed until the era ends.

```python
explanation = game.play("sell cotton Colne[1] to distant market")
[step.rule for step in explanation.steps][:2], game.state.distant["closed"], game.phase
```

## Coal through a port

Buying market coal needs a connection to a trade icon, and in Lancashire every port tile is one, flipped or not.

```python
position = """\
game lancashire
players 3
era canal
round 2
turn 1
hand 1 Preston, Wigan
tile Preston[1] player 2 port I flipped
"""
game = read(position).game()
explanation = game.play("build iron Preston[3] with card Preston")
explanation.find("coal.market")[0]
```

## Loans: £10, £20 or £30

One, two or three income **levels**; never once the rail era's deck is empty.

```python
game = read(position).game()
sorted({a.amount for a in game.legal_actions() if a.kind == "loan"})
```

```python
game.play("loan £20 with card Wigan").find("loan.take")[0]
```

## Building with two cards

Both actions of a turn and any two cards count as any location card. The build is chosen first, then the two cards.

```python
position = """\
game lancashire
players 3
era canal
round 2
turn 1
hand 1 Liverpool, Wigan, Oldham
"""
game = read(position).game()
game.play("build cotton Bolton[1] with card two cards")
game.phase, [str(a) for a in game.legal_actions()]
```

```python
explanation = game.play("discard Liverpool, Wigan")
explanation.find("build.card")[0]
```

## Liverpool and Birkenhead

The line between them is not a link: it puts Birkenhead in your network when Liverpool is, and carries nothing.

```python
position = """\
game lancashire
players 3
era canal
round 2
turn 1
hand 1 Shipyard, Wigan
mat 1 shipyard 0 2 2
tile Liverpool[1] player 1 port I
"""
game = read(position).game()
"Birkenhead" in game.network(0), "Birkenhead" in game.connected("Liverpool")
```

A shipyard flips as soon as it is built, and the lowest shipyard (level 0) can never be built.

```python
[step.text() for step in game.why_not("build shipyard Birkenhead[1] with card Shipyard")]
```

## Income, scoring, ties

Income is paid at the **start** of every round but the first; a link scores one icon per flipped tile at its ends
plus 2 for Scotland, Yorkshire, The Midlands, Blackpool, Southport and Northwich; at the end every £10 is 1 VP, and
ties go to income, then money, then turn order.

```python
position = """\
game lancashire
players 3
era canal
round 2
turn 1
hand 1 Liverpool, Wigan
tile Rochdale[1] player 1 cotton I flipped
tile Rochdale[2] player 2 coal I flipped
link Rochdale - Yorkshire player 1
"""
game = read(position).game()
game.score_preview().find("score.link")[0]
```

## Quiz

```python
from brass_nb.widgets import Quiz

position = """\
game lancashire
players 3
era canal
round 2
turn 1
hand 1 Liverpool, Wigan
tile Rochdale[1] player 1 cotton I
link Rochdale - Yorkshire player 1
distant tiles -2
"""
Quiz.income_after(read(position).game(), "sell cotton Rochdale[1] to distant market with card Liverpool",
                  language=LANG)
```
'''


def main() -> None:
    names = sys.argv[1:] or list(NOTEBOOKS)
    for name in names:
        notebook = new_notebook(cells=cells(NOTEBOOKS[name]), metadata={
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
            "language_info": {"name": "python"}})
        nbformat.validate(notebook)
        nbformat.write(notebook, ROOT / "notebooks" / f"{name}.ipynb")
        print(f"wrote notebooks/{name}.ipynb ({len(notebook.cells)} cells)")


if __name__ == "__main__":
    main()
