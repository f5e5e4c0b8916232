"""Positions with a known good plan: the coach's hint must play one of the moves a good teacher would accept, and
name the principle that makes it good.

Each position is written from the rules (RULINGS.md numbers: B for Birmingham, L for Lancashire) and from the
principles the coach knows (:mod:`brass_nb.bots.principles`), never from what the hint happens to choose today: the
accepted moves are what a teacher would accept, so a position the coach gets wrong is kept, marked as a known
weakness (``failing``), for whoever tunes the coach.
"""
from __future__ import annotations

import random
from collections import Counter
from functools import cache
from typing import NamedTuple

import pytest

from brass_nb.bots import principles as P
from brass_nb.bots.hints import Hint
from brass_nb.rules.game import Game
from brass_nb.rules.turns import deck_for
from brass_nb.scenario import read

GAMES = {"birmingham": "game birmingham\n", "lancashire": "game lancashire\n",
         "lancashire 2007": "game lancashire\nedition 2007\n"}
"""The game of each position and the header lines that choose it (Lancashire: Roxley 2018 unless 2007)."""


class Plan(NamedTuple):
    """A position, the moves that carry out its plan, and the principle that makes the plan good.

    Attributes:
        name: what the position teaches, as a test id.
        game: a key of :data:`GAMES`.
        players: the number of players.
        lines: the position, as position-file lines (see :mod:`brass_nb.scenario.text`) after the header.
        why: why the plan is good, from the rules and the principle.
        accept: the plan: every move whose notation starts with one of these.
        principle: the ``principle.*`` rule id the hint must name.
        facts: facts that principle must find (a subset of its step's facts).
        having: what an accepted move's notation must also contain (a choice of beer, say).
        rest: where the cards the position does not name go: "deck" (the era has just begun) or "discard"
            (the era's last round: the deck is empty).
        failing: the coach's known weakness in this position (the test is expected to fail, strictly).
    """

    name: str
    game: str
    players: int
    lines: str
    why: str
    accept: tuple[str, ...]
    principle: str
    facts: dict = {}
    having: tuple[str, ...] = ()
    rest: str = "deck"
    failing: str | None = None

    def position(self) -> Game:
        """The position, every card of the deck accounted for: the cards it does not name are shuffled (seed 0)
        into the deck, or, late in an era, dealt to the players' discards."""
        sc = read(GAMES[self.game] + f"players {self.players}\n" + self.lines)
        named = Counter(sc.deck) + Counter(sc.set_aside)
        for p in sc.players:
            named += Counter(p.hand) + Counter(p.discard)
        rest = sorted((Counter(deck_for(sc.facts, self.players)) - named).elements())
        random.Random(0).shuffle(rest)
        if self.rest == "deck":
            sc.cards(sc.deck + rest)
        else:
            for i, p in enumerate(sc.players):
                sc.player(i, discard=p.discard + rest[i::self.players])
        return sc.game()

    def acceptable(self, action) -> bool:
        notation = str(action)
        return notation.startswith(self.accept) and all(part in notation for part in self.having)


PLANS = [
    # ------------------------------------------------------------------------------------------ Birmingham
    Plan("a brewery lets the goods sell", "birmingham", 2, """era rail
round 3
turn 1
merchant Gloucester[1] buys manufacturer
player 1 money 30 income 25 vp 25
player 2 money 30 income 25 vp 25
mat 1 brewery 0 2 2 1
hand 1 Coalbrookdale, Kidderminster, Iron Works
hand 2 Coventry, Cannock
tile Birmingham[2] player 1 manufacturer II
link Worcester - Birmingham player 1
link Worcester - Gloucester player 1
tile Coventry[1] player 2 pottery I flipped
tile Dudley[1] player 2 coal II cubes 2
link Dudley - Birmingham player 2
""", "Player 1's manufacturer at Birmingham reaches Gloucester, which buys it, but every sale needs beer and the board "
         "has none (Gloucester's merchant beer is gone). Player 1's own brewery needs no connection (B8): building "
         "one (at Coalbrookdale, with its card) lets the manufacturer sell and flip next. Beer is scarce.",
         ("build brewery",), "principle.beer_scarce"),
    Plan("a brewery II stays for the rail era", "birmingham", 2, """era canal
round 4
turn 1
merchant Gloucester[2] buys cotton
merchant Oxford[1] buys manufacturer beer 1
player 1 money 30 income 15
player 2 money 30 income 15
mat 1 brewery 0 2 2 1
hand 1 Brewery, Walsall, Tamworth
hand 2 Coventry, Coventry
tile Worcester[1] player 1 cotton I
tile Kidderminster[1] player 2 cotton I
link Worcester - Gloucester player 1
link Kidderminster - Worcester player 2
""", "Player 1's cotton mill at Worcester can sell to Gloucester once it has beer, and there is none it can reach "
         "(own beer needs no connection, B8). Player 1's next brewery is level II: built in the canal era it stays "
         "when the level I tiles leave (B16) and scores at both era ends.",
         ("build brewery",), "principle.beer_scarce", {"level": 2, "scores_twice": True}),
    Plan("build where a merchant buys", "birmingham", 2, """era canal
round 2
turn 1
merchant Oxford[1] buys cotton beer 1
merchant Gloucester[2] buys manufacturer beer 1
player 1 money 25
player 2 money 25
hand 1 Birmingham, Worcester, Stafford
hand 2 Coventry, Dudley
link Birmingham - Oxford player 2
""", "Birmingham is connected (by player 2's canal) to Oxford, which buys cotton and holds a barrel of merchant "
         "beer (B8): a cotton mill there can be sold, and flip, on a later turn. Worcester and Stafford reach no "
         "merchant yet.",
         ("build cotton Birmingham",), "principle.sell_to_merchant", {"merchants": ["Oxford[1]"]}),
    Plan("the turn's last action builds, not scouts", "birmingham", 2, """era canal
round 2
turn 1
actions done 1
merchant Oxford[1] buys cotton beer 1
merchant Gloucester[2] buys manufacturer beer 1
player 1 money 25 spent 3
player 2 money 25
hand 1 Birmingham, Worcester, Stafford
hand 2 Coventry, Dudley
link Birmingham - Oxford player 2
""", "The same position with one action left this turn. The cotton mill at Birmingham, connected to Oxford, which "
         "buys cotton and holds merchant beer (B8), is the move; scouting (B14) would spend all three cards for two "
         "wild ones and put the build off to next turn.",
         ("build cotton Birmingham",), "principle.sell_to_merchant", {"merchants": ["Oxford[1]"]}),
    Plan("sell before the canal era ends", "birmingham", 2, """era canal
round 10
turn 1
actions done 1
merchant Oxford[1] buys cotton beer 1
player 1 money 10 income 20 spent 3
player 2 money 10 income 20
hand 1 Walsall
hand 2 Cannock
tile Birmingham[1] player 1 cotton I
link Birmingham - Oxford player 2
""", "Player 1's last action of the canal era: only flipped tiles score at its end (B16), and the cotton mill at "
         "Birmingham can still be sold to Oxford with its merchant beer (B8). Unsold, it scores nothing and leaves "
         "the board.",
         ("sell cotton Birmingham[1]",), "principle.flip_before_era_end", {"era": "canal"}, rest="discard"),
    Plan("sell early for income", "birmingham", 2, """era canal
round 2
turn 1
actions done 1
merchant Oxford[1] buys cotton
player 1 money 12 income 10 spent 3
player 2 money 12 income 10
hand 1 Walsall, Coventry, Redditch
hand 2 Cannock, Dudley
tile Birmingham[1] player 1 cotton I
tile Stafford[1] player 1 brewery I cubes 1
link Birmingham - Oxford player 2
""", "The cotton mill at Birmingham sells to Oxford with player 1's own beer (no connection needed, B8): it flips "
         "and raises income by its five spaces, paid at every round's end for the rest of the game (B3).",
         ("sell cotton Birmingham[1]",), "principle.income_early"),
    Plan("sell with your own beer", "birmingham", 2, """era canal
round 3
turn 1
actions done 1
merchant Oxford[1] buys cotton
player 1 money 20 income 12 spent 3
player 2 money 20 income 12
hand 1 Coventry, Redditch, Worcester
hand 2 Cannock, Dudley
tile Birmingham[1] player 1 cotton I
tile Stafford[1] player 1 brewery I cubes 1
tile Walsall[2] player 2 brewery I cubes 1
link Walsall - Birmingham player 2
link Birmingham - Oxford player 2
""", "The sale to Oxford needs a barrel: player 1's own brewery at Stafford serves without a connection, player 2's "
         "at Walsall because it is connected (B8). Player 1's barrel flips player 1's brewery with the mill; player "
         "2's would flip player 2's brewery for them (do not hand a rival beer). Scouting instead would put the sale "
         "off a turn and spend two more cards.",
         ("sell cotton Birmingham[1]",), "principle.flip_before_era_end", {"slots": ["Stafford[1]", "Birmingham[1]"]},
         having=("beer Stafford[1]",)),
    Plan("a link beside flipped tiles at the era's end", "birmingham", 2, """era canal
round 10
turn 1
merchant Oxford[1] buys cotton
player 1 money 10 income 20
player 2 money 10 income 20
hand 1 Walsall
hand 2 Cannock
tile Birmingham[1] player 1 cotton I flipped
tile Birmingham[3] player 2 iron I flipped
tile Dudley[1] player 1 coal I flipped
tile Walsall[1] player 2 iron II flipped
link Dudley - Birmingham player 1
link Worcester - Birmingham player 2
""", "Player 1's last action of the canal era: a link scores the link icons at its ends when it ends (B16). "
         "Birmingham - Oxford has 4 (cotton I and iron I at Birmingham, 1 each; Oxford's printed 2); Walsall - "
         "Birmingham only 3, and nothing can be sold.",
         ("network Birmingham - Oxford",), "principle.link_beside_flipped", rest="discard"),
    Plan("an iron works II stays for the rail era", "birmingham", 2, """era canal
round 6
turn 1
actions done 1
merchant Oxford[1] buys cotton
market iron 2
player 1 money 30 income 15
player 2 money 30 income 15
mat 1 iron 0 1 1 1
hand 1 Coalbrookdale, Redditch, Pottery
hand 2 Cannock, Nuneaton
tile Dudley[1] player 1 coal I cubes 2
link Wolverhampton - Dudley player 1
link Wolverhampton - Coalbrookdale player 1
tile Cannock[2] player 2 coal I cubes 1
""", "An iron works built now sells its 4 iron to the market's empty spaces at once, most expensive first "
         "(£14 for a £7 tile, B12), flips for 5 VP and 3 income spaces, and, being level II, stays when the level I "
         "tiles leave at the canal era's end (B16). Its coal comes from player 1's own mine at Dudley (B6).",
         ("build iron",), "principle.level_one_leaves",
         failing="The hint builds a link instead (Coalbrookdale - Shrewsbury): the evaluation counts "
                 "a location added to the network (network_location_vp) and the link's expected "
                 "icons, while the tile's second era of scoring is discounted by its chance to flip."),
    Plan("develop away tiles the rail era cannot build", "birmingham", 2, """era rail
round 2
turn 1
player 1 money 25 income 20 vp 20
player 2 money 25 income 20 vp 20
mat 1 coal 1 2 2 2
mat 1 iron 1 1 1 1
hand 1 Coal Mine, Iron Works
hand 2 Coventry, Cannock
tile Cannock[1] player 1 manufacturer II flipped
tile Coventry[1] player 2 pottery I flipped
""", "Player 1's lowest coal mine and iron works are level I, which may not be built in the rail era (B9): the "
         "Coal Mine and Iron Works cards build nothing until those tiles are developed away. No rail can be built "
         "(no coal is connected, B1, B6), so developing them is the move that opens the next builds.",
         ("develop coal", "develop iron"), "principle.develop_away",
         failing="The hint passes: the evaluation gives developing no value (what it uncovers on the "
                 "mat is not counted), so every develop is only its cost, and in the rail era nothing"
                 " else here pays."),
    Plan("a loan that pays for a build", "birmingham", 2, """era canal
round 2
turn 1
merchant Oxford[1] buys cotton beer 1
player 1 money 2 income 10
player 2 money 20 income 10
hand 1 Birmingham, Coventry, Redditch
hand 2 Cannock, Dudley
tile Stafford[1] player 1 brewery I cubes 1
link Birmingham - Oxford player 2
""", "With £2 player 1 can build nothing, while a cotton mill at Birmingham (card in hand) would reach Oxford, "
         "which buys cotton. The loan (+£30, three income levels, B13) is worth its cost because the second action "
         "of this turn builds with it, early in the game.",
         ("loan",), "principle.loan_cost", {"held": 2, "builds_now": False}),
    Plan("a link to where the cards build", "birmingham", 2, """era canal
round 4
turn 1
actions done 1
merchant Oxford[1] buys cotton
player 1 money 25 income 14 spent 3
player 2 money 25 income 14
hand 1 Iron Works, Coal Mine
hand 2 Coventry, Cannock
tile Dudley[1] player 1 coal I flipped
tile Dudley[2] player 2 iron I flipped
""", "Player 1 holds only industry cards, which build only in player 1's network (B9): Dudley, where player 1 may "
         "not build again in the canal era. A link from Dudley to Birmingham (iron works slot), Wolverhampton or "
         "Kidderminster (coal mine slots) puts a slot for those cards in the network.",
         ("network Dudley - Birmingham", "network Wolverhampton - Dudley", "network Dudley - Kidderminster"),
         "principle.network_reach"),
    Plan("scout when no card builds", "birmingham", 2, """era canal
round 4
turn 1
merchant Gloucester[2] buys cotton
player 1 money 30 income 14
player 2 money 30 income 14
hand 1 Dudley, Worcester, Kidderminster
hand 2 Coventry, Cannock
tile Dudley[2] player 1 iron I flipped
tile Worcester[1] player 1 cotton I
tile Kidderminster[1] player 1 cotton I flipped
link Worcester - Gloucester player 1
tile Coventry[1] player 2 pottery I
""", "Player 1's cotton mill at Worcester reaches Gloucester, which buys cotton, but no beer is on the board. None "
         "of player 1's three cards builds: player 1 already has an industry in Dudley, Worcester and Kidderminster, "
         "and may have only one per town in the canal era (B9). Scouting (B14) turns them into a wild location and a "
         "wild industry card; the turn's second action builds a brewery with one of them (own beer needs no "
         "connection, B8), and the mill sells next turn.",
         ("scout",), "principle.scout_wilds", {"stuck": ["Dudley", "Kidderminster", "Worcester"]}),
    Plan("build, do not scout, when a card builds", "birmingham", 3, """era canal
round 3
turn 1
merchant Warrington[2] buys cotton beer 1
merchant Oxford[2] buys manufacturer beer 1
player 1 money 25 income 12
player 2 money 25 income 12
player 3 money 25 income 12
hand 1 Cotton Mill/Manufacturer, Leek, Uttoxeter
hand 2 Coventry, Cannock
hand 3 Dudley, Redditch
link Warrington - Stoke-on-Trent player 1
""", "The Cotton Mill/Manufacturer card builds in player 1's network (B9): Stoke-on-Trent, at the end of "
         "player 1's canal; a cotton mill there reaches Warrington, which buys cotton and has merchant beer. Scouting "
         "would throw three cards away for two wild ones while a good build is already in hand.",
         ("build cotton Stoke-on-Trent",), "principle.sell_to_merchant"),
    Plan("an iron works using a rival's coal", "birmingham", 2, """era canal
round 5
turn 1
actions done 1
merchant Oxford[1] buys cotton
market iron 2
player 1 money 30 income 15 spent 3
player 2 money 30 income 15
hand 1 Coalbrookdale, Redditch, Pottery
hand 2 Cannock, Nuneaton
tile Coalbrookdale[3] player 2 coal II cubes 3
tile Worcester[1] player 1 cotton I flipped
""", "The iron works sells 4 iron to the market's empty spaces at once (£14 for a £5 tile, B12) and flips, though "
         "its coal comes from player 2's mine in the same town (nearest connected mine, B6), one cube nearer to "
         "flipping it for player 2: player 1 gains far more than the rival.",
         ("build iron",), "principle.rival_resources"),
    Plan("the game's last action sells", "birmingham", 2, """era rail
round 10
turn 1
actions done 1
merchant Gloucester[1] buys manufacturer
player 1 money 12 income 25 vp 80 spent 5
player 2 money 12 income 25 vp 82
hand 1 Walsall
tile Birmingham[2] player 1 manufacturer II
tile Walsall[2] player 1 brewery II cubes 1
link Worcester - Birmingham player 1
link Worcester - Gloucester player 1
tile Dudley[1] player 2 coal II flipped
""", "Nothing happens after this action but the rail era's scoring (B16): the manufacturer sells to Gloucester with "
         "player 1's own beer (B8), so it and the brewery flip and score 10 VP, with the link icons they add to "
         "player 1's two rails. A loan or a new rail scores less; income is no longer paid (B3).",
         ("sell manufacturer Birmingham[2]",), "principle.flip_before_era_end", {"era": "rail"}, rest="discard"),
    Plan("a coal mine the next builds will empty", "birmingham", 2, """era canal
round 3
turn 1
actions done 1
merchant Oxford[1] buys cotton
market coal 0
player 1 money 25 income 12 spent 3
player 2 money 25 income 12
mat 1 coal 0 2 2 2
hand 1 Coal Mine, Iron Works
hand 2 Coventry, Redditch
tile Walsall[2] player 1 brewery I cubes 1
link Burton-on-Trent - Walsall player 1
tile Coventry[1] player 2 pottery I flipped
""", "No mine has coal and the coal market is empty and out of reach (no connection to a merchant, B6): an iron "
         "works cannot be built. A coal mine II at Burton-on-Trent (Coal Mine card, player 1's network, B9) keeps "
         "its 3 cubes, reaching no merchant to sell them to (B12); the Iron Works card builds at Walsall with them "
         "next turn, and every cube anyone uses brings the mine nearer to flipping. Level II, it stays into the "
         "rail era.",
         ("build coal Burton-on-Trent",), "principle.resources_flip"),
    Plan("a cotton mill II where a merchant buys", "birmingham", 2, """era canal
round 5
turn 1
merchant Oxford[1] buys cotton beer 1
player 1 money 30 income 14
player 2 money 30 income 14
mat 1 cotton 0 2 3 3
hand 1 Birmingham, Kidderminster, Cannock
hand 2 Coventry, Redditch
tile Dudley[1] player 2 coal II cubes 2
link Dudley - Birmingham player 2
link Birmingham - Oxford player 2
tile Worcester[1] player 1 cotton I flipped
tile Cannock[2] player 1 coal I flipped
""", "Player 1's next cotton mill is level II. At Birmingham it is connected to Oxford, which buys cotton and holds "
         "merchant beer (B8), and to coal at Dudley (B6): it can be sold this era, and, above level I, it stays when "
         "the level I tiles leave at the canal era's end (B16), to score again in the rail era. Kidderminster reaches "
         "no merchant.",
         ("build cotton Birmingham",), "principle.level_one_leaves"),
    # ------------------------------------------------------------------------------------------ Lancashire
    Plan("sell cotton to your port early", "lancashire", 3, """era canal
round 2
turn 1
player 1 money 20
player 2 money 20
player 3 money 20
hand 1 Bolton, Bury, Oldham
hand 2 Manchester, Wigan
hand 3 Preston, Rochdale
tile Warrington & Runcorn[2] player 1 cotton I
tile Ellesmere Port[1] player 1 port I
link Ellesmere Port - Warrington & Runcorn player 1
tile Wigan[1] player 2 coal I cubes 2
""", "The cotton mill at Warrington & Runcorn sells to player 1's own unflipped port at Ellesmere Port, connected "
         "by player 1's canal: both flip (L4), and player 1's income rises by both tiles' spaces, collected at the "
         "start of every round still to come (L1). The distant market would flip only the mill, and may fail.",
         ("sell cotton Warrington & Runcorn[2] to Ellesmere Port[1]",), "principle.income_early"),
    Plan("sell before the canal era ends (2007)", "lancashire 2007", 3, """era canal
round 10
turn 1
actions done 1
player 1 money 15 income 20 spent 3
player 2 money 15 income 20
player 3 money 15 income 20
hand 1 Bolton
hand 2 Wigan
hand 3 Oldham
tile Manchester[1] player 1 cotton I
tile Stockport[1] player 2 cotton I flipped
link Manchester - Stockport player 2
tile Warrington & Runcorn[1] player 1 port I
link Manchester - Warrington & Runcorn player 1
""", "Player 1's last action of the canal era: only flipped tiles score at its end, and level I tiles then "
         "leave the board. The cotton mill at Manchester sells to player 1's own port at Warrington & Runcorn (L4): "
         "both flip and will score; unsold, they score nothing. The distant market would flip only the mill, and "
         "may fail.",
         ("sell cotton Manchester[1] to Warrington & Runcorn[1]",), "principle.flip_before_era_end", {"era": "canal"},
         rest="discard"),
    Plan("build cotton where a port buys", "lancashire", 3, """era canal
round 3
turn 1
player 1 money 30 income 12
player 2 money 30 income 12
player 3 money 30 income 12
hand 1 Blackburn, Macclesfield, Stockport
hand 2 Manchester, Wigan
hand 3 Preston, Rochdale
tile Preston[1] player 2 port I
link Preston - Wigan player 2
link Blackburn - Wigan player 3
tile Wigan[1] player 3 coal I cubes 1
""", "Blackburn is connected (by the rivals' canals through Wigan) to the unflipped port at Preston: a cotton mill "
         "there, or at Preston itself (two cards make a location card for any town, L6), can be sold to it on a "
         "later turn (L4). Macclesfield and Stockport reach no port yet. Build where you can sell.",
         ("build cotton Blackburn", "build cotton Preston"), "principle.sell_to_merchant",
         failing="The hint builds the cotton mill at Blackburn with two cards, a fine move, but no "
                 "port or external location is in reach of Blackburn yet, so no principle names it."),
    Plan("a link beside flipped tiles at the era's end (2007)", "lancashire 2007", 3, """era canal
round 10
turn 1
player 1 money 10 income 20
player 2 money 10 income 20
player 3 money 10 income 20
hand 1 Wigan
hand 2 Oldham
hand 3 Preston
tile Bolton[1] player 1 cotton I flipped
tile Manchester[1] player 2 cotton I flipped
tile Manchester[2] player 3 cotton I flipped
link Manchester - Stockport player 2
""", "Player 1's last action of the canal era: a link scores the flipped tiles at its ends when it ends (L9). "
         "Bolton - Manchester has three (one at Bolton, two at Manchester); every other link player 1 may build "
         "touches only Bolton's one.",
         ("network Bolton - Manchester",), "principle.link_beside_flipped", rest="discard"),
    Plan("a cotton mill II stays for the rail era", "lancashire", 3, """era canal
round 4
turn 1
actions done 1
player 1 money 30 income 14 spent 3
player 2 money 30 income 14
player 3 money 30 income 14
mat 1 cotton 0 3 3 3
hand 1 Cotton Mill, Macclesfield
hand 2 Manchester, Wigan
hand 3 Preston, Rochdale
tile Warrington & Runcorn[1] player 2 port I
link Manchester - Warrington & Runcorn player 2
link Bolton - Manchester player 1
tile Manchester[1] player 3 coal II cubes 2
""", "Player 1's next cotton mill is level II: built now in player 1's network (the Cotton Mill card) at Bolton "
         "or Manchester, connected to the unflipped port at Warrington & Runcorn, it can be sold this era, and it "
         "stays when the level I tiles leave at the canal era's end, to score again in the rail era.",
         ("build cotton Bolton", "build cotton Manchester"), "principle.level_one_leaves"),
    Plan("a loan that pays for a build (2007)", "lancashire 2007", 3, """era canal
round 2
turn 1
player 1 money 2 income 10
player 2 money 25 income 10
player 3 money 25 income 10
hand 1 Blackburn, Oldham, Rochdale
hand 2 Manchester, Wigan
hand 3 Preston, Bolton
tile Preston[1] player 2 port I
link Preston - Wigan player 2
link Blackburn - Wigan player 3
""", "With £2 player 1 can build nothing, while a cotton mill at Blackburn (card in hand) would reach the port at "
         "Preston. A loan (£10, £20 or £30 for 1, 2 or 3 income levels, L2) early in the game is worth its cost when "
         "the turn's second action builds with it.",
         ("loan",), "principle.loan_cost", {"held": 2, "builds_now": False}),
    Plan("develop away tiles the rail era cannot build (Lancashire)", "lancashire", 3, """era rail
round 2
turn 1
player 1 money 25 income 20 vp 20
player 2 money 25 income 20 vp 20
player 3 money 25 income 20 vp 20
mat 1 cotton 1 2 3 3
mat 1 coal 1 2 2 2
hand 1 Cotton Mill, Coal Mine
hand 2 Manchester, Wigan
hand 3 Preston, Rochdale
tile Stockport[1] player 1 cotton II flipped
tile Preston[1] player 2 port II flipped
""", "Player 1's lowest cotton mill and coal mine are level I, which Lancashire's tile table marks canal-only "
         "(as B9 in Birmingham), so the Cotton Mill and Coal Mine cards build nothing until they are developed "
         "away. No rail can be built from Stockport: no mine has coal, and neither Manchester nor "
         "Macclesfield connects to a port for the coal demand track (L3).",
         ("develop cotton", "develop coal"), "principle.develop_away"),
    Plan("a link to where the cards build (2007)", "lancashire 2007", 3, """era canal
round 4
turn 1
actions done 1
player 1 money 25 income 14 spent 3
player 2 money 25 income 14
player 3 money 25 income 14
hand 1 Cotton Mill, Coal Mine
hand 2 Manchester, Wigan
hand 3 Preston, Rochdale
tile Oldham[1] player 1 cotton I flipped
tile Oldham[2] player 2 cotton I flipped
""", "Player 1 holds only industry cards, which build only in player 1's network: Oldham, full. A canal from "
         "Oldham to Manchester or Rochdale puts cotton-or-coal slots in the network (Lancashire has no "
         "first-link-anywhere rule, L11: links grow from the network).",
         ("network Manchester - Oldham", "network Oldham - Rochdale"), "principle.network_reach"),
    Plan("an iron works using a rival's coal (Lancashire)", "lancashire", 3, """era canal
round 4
turn 1
actions done 1
market iron 2
player 1 money 30 income 14 spent 3
player 2 money 30 income 14
player 3 money 30 income 14
hand 1 Bolton, Macclesfield
hand 2 Manchester, Wigan
hand 3 Preston, Rochdale
tile Bolton[1] player 2 coal II cubes 3
tile Colne[1] player 1 cotton I flipped
""", "An iron works at Bolton sells its 4 iron to the iron demand track's empty spaces at once (£10 for a £5 "
         "tile, as B12) and flips, though its coal comes from player 2's mine in the same town (the nearest "
         "connected mine, L3), one cube nearer to flipping it for player 2: player 1 gains far more than the rival.",
         ("build iron Bolton",), "principle.rival_resources"),
    Plan("a shipyard flips when built (2007)", "lancashire 2007", 3, """era canal
round 5
turn 1
actions done 1
player 1 money 40 income 14 spent 3
player 2 money 30 income 14
player 3 money 30 income 14
mat 1 shipyard 0 2 2
hand 1 Liverpool, Oldham
hand 2 Manchester, Preston
hand 3 Preston, Rochdale
link Liverpool - Wigan player 1
tile Wigan[1] player 1 coal II cubes 2
""", "A shipyard flips the moment it is built (L5): built now at Liverpool with coal from player 1's own mine at "
         "Wigan, it is sure to score its 10 VP at the canal era's end and raises income at once.",
         ("build shipyard Liverpool",), "principle.flip_before_era_end"),
    Plan("a coal mine that sells out flips at once", "lancashire", 3, """era canal
round 3
turn 1
actions done 1
market coal 2
player 1 money 25 income 12 spent 3
player 2 money 25 income 12
player 3 money 25 income 12
hand 1 Wigan, Stockport
hand 2 Manchester, Bolton
hand 3 Preston, Rochdale
tile Liverpool[1] player 2 port I
link Liverpool - Wigan player 1
""", "A coal mine connected to a port sells its cubes to the coal demand track's empty spaces when it is built "
         "(L3): a coal mine I at Wigan, linked to the port at Liverpool, sells both its cubes, earns their price and "
         "flips at once, raising player 1's income.",
         ("build coal Wigan",), "principle.flip_before_era_end"),
]

PARAMS = [pytest.param(plan, id=plan.name,
                       marks=[pytest.mark.xfail(strict=True, reason=plan.failing)] if plan.failing else [])
          for plan in PLANS]


@cache
def _hint(name: str) -> Hint:
    """The coach's hint in the position named ``name`` (asked for once per position)."""
    return next(plan for plan in PLANS if plan.name == name).position().hint()


@pytest.mark.parametrize("plan", PARAMS)
def test_the_hint_carries_out_the_plan_and_names_its_principle(plan):
    hint = _hint(plan.name)
    named = {step.rule: step for step in hint.principles}
    assert plan.acceptable(hint.action), (f"{hint.action} is not the plan ({plan.why})",
                                          [str(c.action) for c in hint.candidates])
    assert plan.principle in named, (plan.principle, list(named))
    facts = named[plan.principle].facts
    assert {key: facts[key] for key in plan.facts} == plan.facts


@pytest.mark.parametrize("plan", PLANS, ids=lambda plan: plan.name)
def test_the_hint_speaks_both_languages(plan):
    hint = _hint(plan.name)
    for language in ("en", "ja"):
        lines = hint.render(language, detail=True).splitlines()
        assert lines[1] == f"  - {hint.plan.text(language)}"
        for step in hint.principles:                # the short form names the first few, the detailed one all
            assert f"  - {step.text(language)}" in lines
        for form in ("text", "markdown", "html"):
            for detail in (False, True):
                words = hint.render(language, form, detail)
                assert "+0.0" not in words and "None" not in words


@pytest.mark.parametrize("plan", PLANS, ids=lambda plan: plan.name)
def test_the_plan_is_a_choice_among_legal_moves(plan):
    """Some legal move carries out the plan, and some does not: the position asks a real question."""
    accepted = [plan.acceptable(action) for action in plan.position().legal_actions()]
    assert any(accepted) and not all(accepted)


def test_the_set_covers_both_games_and_every_principle():
    games = Counter(plan.game for plan in PLANS)
    assert len(PLANS) >= 20 and len({plan.name for plan in PLANS}) == len(PLANS)
    assert games["birmingham"] >= 12 and games["lancashire"] + games["lancashire 2007"] >= 8
    assert games["lancashire"] and games["lancashire 2007"]
    assert {plan.principle for plan in PLANS} == {f"principle.{p.__name__}" for p in P.PRINCIPLES}
