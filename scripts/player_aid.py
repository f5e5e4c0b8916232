"""The player aids: two A4 pages for the table, one PDF per game and language, every number read from the rules data.

Page 1 is how a round runs and what each action costs; page 2 is where the resources come from, the distinctions
the rule texts warn about, and the numbers a player looks up. Birmingham's aid serves the 90-minute class;
Lancashire's (Roxley 2018, with what Warfrog's 2007 edition does differently) serves lessons 09 and 13. Each game
has its own sentences, and each checks the ruleset switches it was written for, so a ruleset whose switches differ
is refused rather than described in another game's words. A Japanese class prints the Japanese PDF, so each PDF is
one language.

``player_aid_<game>_<language>.txt`` holds every line a PDF shows, before wrapping; the test regenerates it and
compares, and measures the smallest font drawn and every line's place on the page.

Run: PYTHONPATH=$PWD python scripts/player_aid.py   (writes docs/teaching/player_aid_<game>_<language>.pdf,
-<page>.png and .txt)
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby
from pathlib import Path

from brass_nb.explain import en, ja
from brass_nb.explain.numerals import roman
from brass_nb.rules.facts import GameFacts as Facts
from brass_nb.rules.facts import load_facts
from brass_nb.rules.ruleset import (
    DrawnTiles,
    FirstOrder,
    IncomeTiming,
    LinkCost,
    LinkScoring,
    LoansEnd,
    Refill,
    SaleKind,
)
from brass_nb.rules.state import State
from brass_nb.rules.turns import deal_deck

OUT = Path(__file__).resolve().parents[1] / "docs" / "teaching"
LANGUAGES = ("en", "ja")
A4 = (8.27, 11.69)            # inches, portrait
MARGIN = 0.5
LABEL_WIDTH = 1.35            # inches kept for an item's bold label
BULLET_INDENT = 0.18          # inches from an unlabelled item's bullet to its text
ORPHAN = 5                    # a wrapped paragraph's last line is never shorter than this many characters
DPI = 110                     # the PNGs: A4 at 110 dpi is 910 × 1286 pixels, read at 100 % on a screen
SIZE = {"title": 15.0, "section": 11.5, "body": 10.0, "footer": 9.0}
LEADING = 1.32                # line height as a multiple of the font size
ACCENT = "#1f4e79"

Say = tuple[str, str]
"""The same words in English and in Japanese."""


@dataclass(frozen=True)
class Item:
    """One entry: a short bold label (may be empty) and what it says."""

    label: Say
    text: Say


@dataclass(frozen=True)
class Section:
    title: Say
    items: tuple[Item, ...]


@dataclass(frozen=True)
class Page:
    title: Say
    sections: tuple[Section, ...]


def both(english: str, japanese: str) -> Say:
    return english, japanese


def pounds(n: int) -> Say:
    return en.money(n), ja.money(n)


def cost(link: LinkCost) -> Say:
    parts = [(en.money(link.money), ja.money(link.money))]
    parts += [(en.cubes(getattr(link, r), r), ja.cubes(getattr(link, r), r))
              for r in ("coal", "beer") if getattr(link, r)]
    return " + ".join(p[0] for p in parts), "＋".join(p[1] for p in parts)


def per_players(facts: Facts, value, unit: Say = ("", "")) -> Say:
    """``value(players)`` for each player count, written "10/9/8 rounds (2/3/4 players)"."""
    counts = facts.rules.player_counts
    values = "/".join(str(value(n)) for n in counts)
    players = "/".join(map(str, counts))
    return f"{values}{unit[0]} ({players} players)", f"{values}{unit[1]}（{players}人）"


def rounds(facts: Facts, era: str) -> Say:
    return per_players(facts, lambda n: facts.rules.rounds(era, n, len(deal_deck(State(facts, n, 0)))),
                       both(" rounds", "ラウンド"))


def tiles_of_era(facts: Facts, eras: tuple[str, ...]) -> Say:
    """The tiles built only in ``eras``, e.g. the canal-only level I tiles."""
    found = [(industry, spec.level) for industry in facts.industries for spec in facts.tiles[industry]
             if spec.eras == eras]
    return (", ".join(f"{en.INDUSTRY[i]} {roman(level)}" for i, level in found),
            "、".join(ja.tile(i, level) for i, level in found))


def round_items(facts: Facts) -> tuple[Item, ...]:
    rules = facts.rules
    start = facts.start_income_space
    canal_rounds = rounds(facts, "canal")
    ties = {"income_level": ("highest income level", "収入レベルが高い人"), "money": ("most money", "お金が多い人"),
            "turn_order": ("turn order", "手番順")}
    tie_en = ", then ".join(ties[t][0] for t in rules.tie_breaks)
    tie_ja = "、次に".join(ties[t][1] for t in rules.tie_breaks)
    return (
        Item(both("Start", "準備"), both(
            f"Each player: {en.money(rules.starting_money)}, {rules.hand_size} cards, income marker on space {start} "
            f"(level {facts.income_levels[start]}); {en.plural(rules.face_down_discards, 'card')} each face down "
            "on the discard pile. The first round's order is random.",
            f"各自{ja.money(rules.starting_money)}、カード{rules.hand_size}枚、収入マーカーは{start}マス目"
            f"（収入レベル{facts.income_levels[start]}）。各自{rules.face_down_discards}枚を裏向きで捨て札にする。"
            "最初のラウンドの手番順は無作為。")),
        Item(both("Turn order", "手番順"), both(
            "Whoever spent least money last round goes first; ties keep their order. Coal and iron bought from "
            "a market count as money spent; a loan does not.",
            "前のラウンドの支出が少ない人から。同じなら今の順のまま。市場で買った石炭・鉄は支出に入り、借金は入らない。")),
        Item(both("Your turn", "自分の手番"), both(
            f"{rules.actions_per_turn} actions ({rules.actions_first_round} in the game's first round). Every "
            f"action discards a card; the same action may be taken twice. At the end of your turn draw back up to "
            f"{rules.hand_size} cards (nothing once the deck is empty).",
            f"アクションを{rules.actions_per_turn}回（ゲーム最初のラウンドだけ{rules.actions_first_round}回）。"
            f"どのアクションもカードを捨てる。同じアクションを2回してもよい。手番の終わりに手札を{rules.hand_size}枚まで"
            "補充する（山札がなくなったら補充はない）。")),
        Item(both("Round end", "ラウンドの終わり"), both(
            "Set the new turn order; then the bank pays each player their income level in £ (not after the "
            "game's last round). A negative level is paid to the bank; short of cash, give up your own industries "
            "for half their cost, then lose 1 VP for each £1 still owed.",
            "新しい手番順を決めてから、各自が収入レベルと同じ額を銀行から受け取る（ゲーム最後のラウンドの後はなし）。"
            "マイナスなら銀行に払う。払えなければ自分の産業タイルを外して建設費の半額を得て、それでも足りない"
            "1ポンドごとに1勝利点を失う。")),
        Item(both("Two eras", "2つの時代"), both(
            f"The canal era, then the rail era; each lasts {canal_rounds[0]}. It ends when every card has been "
            "played.",
            f"運河時代、続いて鉄道時代。どちらも{canal_rounds[1]}で、カードをすべて使い切ると終わる。")),
        Item(both("Era end", "時代の終わり"), both(
            "Each link scores the link icons at its ends (flipped industries of any player, and the icons printed "
            "at merchants); then each flipped industry scores its VP. Links leave the board. After the canal era, "
            "level I industries leave too, merchant beer is refilled and every card is reshuffled into a new deck "
            f"({rules.hand_size} cards each). Turn order and the income marker stay.",
            "各運輸タイルが両端のリンク得点アイコン（誰のものでも稼働済みの産業と、商人に印刷されたアイコン）を得点し、"
            "次に稼働済みの産業が勝利点を得点する。運輸タイルは盤から外す。運河時代の後はレベル1の産業も外し、"
            f"商人のビールを補充し、全カードを切り直して各自{rules.hand_size}枚。手番順と収入マーカーはそのまま。")),
        Item(both("Winner", "勝者"), both(
            f"After the rail era, most VP wins; ties: {tie_en}. Money never turns into VP.",
            f"鉄道時代の後、勝利点が最も多い人の勝ち。同点なら{tie_ja}。お金は勝利点にならない。")),
    )


def action_items(facts: Facts) -> tuple[Item, ...]:
    rules = facts.rules
    canal, rail, second = cost(rules.canal_link), cost(rules.rail_link), cost(rules.second_rail)
    loan = rules.largest_loan
    canal_only, rail_only = tiles_of_era(facts, ("canal",)), tiles_of_era(facts, ("rail",))
    lightbulb = [(i, s.level) for i in facts.industries for s in facts.tiles[i] if not s.developable]
    lightbulb_en = ", ".join(f"{en.INDUSTRY[i]} {roman(level)}" for i, level in lightbulb)
    lightbulb_ja = "、".join(ja.tile(i, level) for i, level in lightbulb)
    goods_en = en.listing([en.INDUSTRY[i] + "s" if i != "pottery" else "potteries" for i in facts.sold_industries])
    goods_ja = "・".join(ja.INDUSTRY[i] for i in facts.sold_industries)
    return (
        Item(both("Build", "建設"), both(
            "A location card builds in that town, in your network or not; an industry card builds that industry "
            "in your network (a town with your industry or touching your link). Wild location: any town but a farm "
            "brewery; wild industry: any industry. Pay the cost of your lowest tile of that industry, plus the coal "
            "and iron it shows.",
            "都市カードはその都市に建てる（自分のネットワークの外でもよい）。産業カードはその産業を自分のネットワーク"
            "（自分の産業がある都市、または自分の運輸タイルが接する都市）に建てる。ワイルド都市は農場醸造所以外の"
            "どの都市にも、ワイルド産業はどの産業にもなる。その産業のいちばん低いレベルのタイルの建設費と、"
            "タイルに示された石炭・鉄を払う。")),
        Item(both("", ""), both(
            f"Canal era: one of your industries per town. Canal era only: {canal_only[0]}. Rail era only: "
            f"{rail_only[0]}. With no tile of yours on the board, an industry card builds in any town.",
            f"運河時代は1都市に自分の産業1つまで。運河時代だけ: {canal_only[1]}。鉄道時代だけ: {rail_only[1]}。"
            "盤上に自分のタイルがなければ、産業カードでどの都市にも建てられる。")),
        Item(both("", ""), both(
            "Overbuild: a higher level of the same industry over your own tile, or over another player's coal mine "
            "or iron works only when that resource is gone from the board and its market.",
            "上書き建設: 同じ産業のより高いレベルで、自分のタイルならいつでも、他人のタイルは炭鉱か製鉄所だけ、"
            "しかもその資源が盤上にも市場にもないときだけ。")),
        Item(both("Network", "輸送網を広げる"), both(
            f"Place a link touching your network. Canal era: {canal[0]} a link. Rail era: {rail[0]}; a second rail "
            f"in the same action costs {second[0]} more (the beer from a brewery, never a merchant). With no tile "
            "of yours on the board, the link may go anywhere.",
            f"自分のネットワークに接する運輸タイルを置く。運河時代は1本{canal[1]}。鉄道時代は{rail[1]}、"
            f"同じアクションで2本目を置くならさらに{second[1]}（ビールは醸造所から。商人のビールは使えない）。"
            "盤上に自分のタイルがなければ、どこに置いてもよい。")),
        Item(both("Develop", "開発"), both(
            "Remove the lowest tile of an industry from your mat, 1 iron each; a second tile in the same action "
            f"may follow. Never developed (lightbulb icon): {lightbulb_en}.",
            f"個人ボードからある産業のいちばん低いタイルを取り除く。1枚につき鉄1個。同じアクションで2枚目も"
            f"取り除ける。電球に斜線の印のタイルは開発できない: {lightbulb_ja}。")),
        Item(both("Sell", "売却"), both(
            f"Flip your unflipped {goods_en}, each connected to a merchant tile that buys its goods and each with "
            "the beer it shows; several in one action. Your income marker moves up by the spaces printed on the "
            "tile.",
            f"未稼働の自分の{goods_ja}を稼働済みにする。それぞれ、その製品を買う商人タイルとつながっていて、"
            "タイルに示されたビールが必要。1回のアクションで何枚でも売れる。収入マーカーはタイルに印刷された"
            "マス数だけ進む。")),
        Item(both("Loan", "借金"), both(
            f"Take {en.money(loan.money)}; your income marker goes down {en.plural(loan.levels, 'level')} (to the "
            f"highest space of the new level). Not below level {rules.min_income_level}. Allowed after the deck "
            "is empty.",
            f"{ja.money(loan.money)}を受け取り、収入マーカーを{loan.levels}レベル下げる（新しいレベルのいちばん上のマスへ）。"
            f"収入レベル{rules.min_income_level}未満にはできない。山札がなくなった後もできる。")),
        Item(both("Scout", "偵察"), both(
            f"Discard {rules.scout_discards} cards in all, take 1 wild location and 1 wild industry card. Not "
            "while you hold a wild card. A wild card played goes back to its own face-up pile.",
            f"合計{rules.scout_discards}枚を捨て、ワイルド都市とワイルド産業を1枚ずつ取る。ワイルドカードを持っている"
            "ときはできない。使ったワイルドカードは捨て札ではなく、表向きの専用の置き場へ戻す。")),
        Item(both("Pass", "パス"), both("Discard a card and do nothing else.", "カードを1枚捨てるだけ。")),
    )


def sourcing_items(facts: Facts) -> tuple[Item, ...]:
    coal, iron = (facts.markets[r].price_when_empty for r in ("coal", "iron"))
    return (
        Item(both("Coal", "石炭"), both(
            "From the NEAREST CONNECTED coal mine with coal, any owner's, free (distance in links, 0 in the same "
            "town; a tie is your choice). Only if no connected mine has coal: the coal market, which needs a "
            f"connection to a merchant's trade icon; cheapest first, {en.money(coal)} when empty.",
            "「つながっている最も近い」炭鉱から。持ち主は問わず無料（距離は運輸タイルの数、同じ都市なら0。同じ距離なら"
            "選べる）。つながっている炭鉱に石炭がないときだけ石炭市場から買う。市場には商人の市場接続アイコンへの"
            f"つながりが必要。安い枠から、空なら{ja.money(coal)}。")),
        Item(both("Iron", "鉄"), both(
            "From ANY iron works with iron, connected or not, free; several works may be used. Only if there is "
            f"no iron on the board: the iron market, cheapest first, {en.money(iron)} when empty, no connection "
            "needed.",
            "盤上の「どの」製鉄所からでも。つながりは不要で無料。複数の製鉄所から取ってもよい。盤上に鉄がないときだけ"
            f"鉄市場から買う。安い枠から、空なら{ja.money(iron)}。つながりは不要。")),
        Item(both("Beer", "ビール"), both(
            "Your own brewery: NO connection needed. Another player's brewery: connected to the place that needs it. "
            "A merchant's beer: only for a sale to that merchant, and only it gives that merchant's bonus. Beer is "
            "never bought.",
            "自分の醸造所は「つながり不要」。他人の醸造所は、ビールを使う場所と「つながっている」ことが必要。"
            "商人のビールはその商人へ売るときだけ使え、その商人の特典がつくのはこのときだけ。ビールは買えない。")),
    )


DISTINCTIONS = (
    both("Coal comes from the nearest CONNECTED mine; iron from ANYWHERE; your own beer needs NO connection, "
         "another player's DOES.",
         "石炭は「つながっている最も近い」炭鉱から、鉄は「どこからでも」。自分のビールはつながり不要、他人のビールは必要。"),
    both("YOUR NETWORK (your own industries and links) is not the same as CONNECTED (by anyone's links).",
         "「自分のネットワーク」（自分の産業と運輸タイル）と「つながっている」（誰の運輸タイルでもよい）は別もの。"),
    both("Only building reads the card's face; every action discards a card.",
         "カードの種類が意味を持つのは建設だけ。どのアクションでもカードを捨てる。"),
    both("Income RISES by track SPACES; a loan LOWERS it by LEVELS. A space is not a level.",
         "収入は「マス」単位で上がり、借金は「レベル」単位で下がる。マスとレベルは違う。"),
    both("A link scores the LINK ICONS at its ends, not the number of tiles there or their VP.",
         "運輸タイルの得点は両端の「リンク得点アイコン」の数。タイルの枚数や勝利点ではない。"),
    both("Another player's coal, iron or beer costs you nothing, but it can flip their tile and raise THEIR "
         "income.",
         "他人の石炭・鉄・ビールは無料。ただしその人のタイルが稼働済みになり、「その人の」収入が上がることがある。"),
    both("Every number here is Brass: Birmingham's. Lancashire has other prices, loans and words (lesson 09).",
         "ここの数字はすべて『ブラス：バーミンガム』のもの。ランカシャーは値段も借金も用語も違う（レッスン09）。"),
)


BONUS = {"money": ("£{n}", "{n}ポンド"), "vp": ("{n} VP", "{n}勝利点"),
         "income_spaces": ("income marker +{n} spaces", "収入マーカー+{n}マス"),
         "free_develop": ("develop {n} tile without iron", "鉄なしで{n}枚開発")}


def merchant_items(facts: Facts) -> tuple[Item, ...]:
    most = max(facts.rules.player_counts)
    items = []
    for name, location in facts.board.locations.items():
        if location.kind == "merchant" and location.beer_bonus:
            kind, n = location.beer_bonus
            fewest = min(c for space in location.merchant_spaces for c in space)
            who = ((f"{most} players only", f"{most}人のときだけ") if fewest == most
                   else (f"{fewest}–{most} players", f"{fewest}〜{most}人"))
            items.append(Item(both(name, facts.translations["ja"].get(name, name)), both(
                f"{BONUS[kind][0].format(n=n)} · {location.link_vp} link icons · {who[0]}",
                f"{BONUS[kind][1].format(n=n)}・リンク得点アイコン{location.link_vp}個・{who[1]}")))
    return tuple(items)


def market_items(facts: Facts, called: Say = ("market", "市場")) -> tuple[Item, ...]:
    """Each market's spaces and prices; Lancashire calls its markets demand tracks."""
    items = []
    for resource in ("coal", "iron"):
        market = facts.markets[resource]
        low, high = min(market.prices), max(market.prices)
        label = both(f"{en.RESOURCE[resource].capitalize()} {called[0]}", f"{ja.RESOURCE[resource]}{called[1]}")
        items.append(Item(label, both(
            f"{len(market.prices)} spaces, {en.money(low)}–{en.money(high)}; {market.start_cubes} cubes at the start; "
            f"{en.money(market.price_when_empty)} a cube when empty",
            f"{len(market.prices)}枠、{ja.money(low)}〜{ja.money(high)}。開始時{market.start_cubes}個。"
            f"空なら1個{ja.money(market.price_when_empty)}")))
    return tuple(items)


def income_items(facts: Facts) -> tuple[Item, ...]:
    """The income track in bands of equal width: which spaces give which levels."""
    levels = facts.income_levels
    spaces = {level: [s for s, lv in enumerate(levels) if lv == level] for level in dict.fromkeys(levels)}
    items = []
    for width, group in groupby(spaces.items(), key=lambda item: len(item[1])):
        group = list(group)
        (low, first), (high, last) = group[0], group[-1]
        levels = both(f"levels {low} to {high}", f"収入レベル{low}〜{high}") if low != high else both(
            f"level {low}", f"収入レベル{low}")
        items.append(Item(both(f"Spaces {first[0]}–{last[-1]}", f"{first[0]}〜{last[-1]}マス"), both(
            f"{levels[0]}, {en.plural(width, 'space')} a level", f"{levels[1]}、1レベル{width}マス")))
    return tuple(items)


def tile_items(facts: Facts) -> tuple[Item, ...]:
    """What players ask of the mat most: the beer a sale needs, then the cubes on a new tile."""
    items = []
    for industry in facts.sold_industries:
        specs = facts.tiles[industry]
        beer = "/".join(str(spec.beer or "–") for spec in specs)
        items.append(Item(both(en.upper_first(en.INDUSTRY[industry]), ja.INDUSTRY[industry]), both(
            f"beer to sell it, levels {roman(specs[0].level)}–{roman(specs[-1].level)}: {beer}",
            f"売却に必要なビール（レベル{specs[0].level}〜{specs[-1].level}）: {beer}")))
    return (*items, *cube_items(facts))


def lancashire_round_items(facts: Facts) -> tuple[Item, ...]:
    rules = facts.rules
    start = facts.start_income_space
    canal_out = "/".join(str(rules.set_aside["canal"][n]) for n in rules.player_counts)
    divider = "/".join(str(rules.rail_divider[n]) for n in rules.player_counts)
    counts = "/".join(map(str, rules.player_counts))
    ties = {"income_level": ("highest income level", "収入レベルが高い人"), "money": ("most money", "お金が多い人"),
            "turn_order": ("earlier in the final turn order", "最後の手番順で先の人")}
    return (
        Item(both("Start", "準備"), both(
            f"Each player: {en.money(rules.starting_money)}, {rules.hand_size} cards, income marker on space {start} "
            f"(level {facts.income_levels[start]}). Canal era: {canal_out} cards ({counts} players) lie under the "
            "divider tile at the bottom of the deck and are not used. The first round's order is random.",
            f"各自{ja.money(rules.starting_money)}、カード{rules.hand_size}枚、収入マーカーは{start}マス目"
            f"（収入レベル{facts.income_levels[start]}）。運河時代は山札の底の仕切りタイルの下に{canal_out}枚"
            f"（{counts}人）を置き、使わない。最初のラウンドの手番順は無作為。")),
        Item(both("Round start", "ラウンドの始め"), both(
            "Every round but the game's first begins with income: the bank pays each player their income level in "
            "£; a negative level is paid to the bank.",
            "ゲーム最初のラウンドを除き、ラウンドの始めに収入を受け取る。収入レベルと同じ額を銀行から受け取り、"
            "マイナスなら銀行に払う。")),
        Item(both("Turn order", "手番順"), both(
            "Whoever spent least money last round goes first; ties keep their order. Coal and iron bought from the "
            "demand tracks count as money spent; a loan does not.",
            "前のラウンドの支出が少ない人から。同じなら今の順のまま。需要トラックから買った石炭・鉄は支出に入り、"
            "借金は入らない。")),
        Item(both("Your turn", "自分の手番"), both(
            f"{rules.actions_per_turn} actions ({rules.actions_first_round} in the game's first round). Every "
            f"action discards a card; the same action may be taken twice. At the end of your turn draw back up to "
            f"{rules.hand_size} cards.",
            f"アクションを{rules.actions_per_turn}回（ゲーム最初のラウンドだけ{rules.actions_first_round}回）。"
            f"どのアクションもカードを捨てる。同じアクションを2回してもよい。手番の終わりに手札を{rules.hand_size}枚まで"
            "補充する。")),
        Item(both("Two eras", "2つの時代"), both(
            f"The canal era, then the rail era; each lasts {rounds(facts, 'canal')[0]}. Rail era: the divider goes "
            f"{divider} cards from the bottom ({counts} players) and those cards are drawn; once it shows, the next "
            "round is the last in which a loan may be taken.",
            f"運河時代、続いて鉄道時代。どちらも{rounds(facts, 'canal')[1]}。鉄道時代は仕切りタイルを下から"
            f"{divider}枚目（{counts}人）に入れ、その下のカードも引く。仕切りが現れたら、借金ができるのは次の"
            "ラウンドまで。")),
        Item(both("Era end", "時代の終わり"), both(
            "Each link scores 1 VP for every flipped industry tile at its ends (any player's), plus the icons printed "
            "at the external locations; then each flipped industry scores its VP. Links leave the board. After the "
            "canal era, level I industries leave too, the distant market starts again and every card, those under "
            f"the divider included, is reshuffled into a new deck ({rules.hand_size} cards each). Turn order and the "
            "income marker stay.",
            "各運輸タイルは、両端にある稼働済みの産業タイル1枚につき1点（誰のものでも）と、外部地域に印刷された"
            "アイコンの分を得点する。次に稼働済みの産業が勝利点を得点する。運輸タイルは盤から外す。運河時代の後は"
            "レベル1の産業も外し、遠方市場を最初の状態に戻し、仕切りタイルの下のカードも含めて全カードを切り直して"
            f"各自{rules.hand_size}枚。手番順と収入マーカーはそのまま。")),
        Item(both("Winner", "勝者"), both(
            f"After the rail era every £{rules.money_vp_per} held is 1 VP; most VP wins; ties: "
            + ", then ".join(ties[t][0] for t in rules.tie_breaks) + ".",
            f"鉄道時代の後、手元のお金{rules.money_vp_per}ポンドにつき1勝利点。勝利点が最も多い人の勝ち。同点なら"
            + "、次に".join(ties[t][1] for t in rules.tie_breaks) + "。")),
    )


def lancashire_action_items(facts: Facts) -> tuple[Item, ...]:
    rules = facts.rules
    ports = trade_places(facts)
    canal, rail, second = cost(rules.canal_link), cost(rules.rail_link), cost(rules.second_rail)
    canal_only, rail_only = tiles_of_era(facts, ("canal",)), tiles_of_era(facts, ("rail",))
    never = tiles_of_era(facts, ())
    loans_en = ", ".join(f"{en.money(o.money)} (income {en.plural(o.levels, 'level')} down)" for o in rules.loans)
    loans_ja = "、".join(f"{ja.money(o.money)}（収入レベル{o.levels}下がる）" for o in rules.loans)
    return (
        Item(both("Build", "建設"), both(
            "A location card builds in that town, in your network or not; an industry card builds that industry "
            "in your network. Or, using both actions of your turn, any two cards count as any location card (not "
            "in the game's first round). Pay the cost of your lowest tile of that industry, plus the coal and iron "
            "it shows.",
            "都市カードはその都市に建てる（自分のネットワークの外でもよい）。産業カードはその産業を自分のネットワークに"
            "建てる。または手番の2アクションを両方使い、任意のカード2枚をどの都市カードとしても使える（ゲーム最初の"
            "ラウンドは不可）。その産業の"
            "いちばん低いレベルのタイルの建設費と、タイルに示された石炭・鉄を払う。")),
        Item(both("", ""), both(
            f"Canal era: one of your industries per town. Canal era only: {canal_only[0]}. Rail era only: "
            f"{rail_only[0]}. Never built: {never[0]}. A port takes a port-only slot while one is free. A shipyard "
            "flips as soon as it is built. With no tile of yours on the board, an industry card builds in any town.",
            f"運河時代は1都市に自分の産業1つまで。運河時代だけ: {canal_only[1]}。鉄道時代だけ: {rail_only[1]}。"
            f"建てられない: {never[1]}。港は、港だけの枠が空いていればそこに建てる。造船所は建てたとたんに稼働済み。"
            "盤上に自分のタイルがなければ、産業カードでどの都市にも建てられる。")),
        Item(both("Network", "輸送網を広げる"), both(
            f"Place a link touching your network (the first one too). Canal era: {canal[0]} a link. Rail era: "
            f"{rail[0]}; a second rail in the same action costs {second[0]} more.",
            f"自分のネットワークに接する運輸タイルを置く（最初の1本も）。運河時代は1本{canal[1]}。鉄道時代は"
            f"{rail[1]}、同じアクションで2本目を置くならさらに{second[1]}。")),
        Item(both("Develop", "開発"), both(
            "Remove the lowest tile of an industry from your mat, 1 iron each; a second tile in the same action "
            "may follow.",
            "個人ボードからある産業のいちばん低いタイルを取り除く。1枚につき鉄1個。同じアクションで2枚目も取り除ける。")),
        Item(both("Sell", "売却"), both(
            "Only cotton. Through a connected unflipped port of any player: both tiles flip and each owner's income "
            f"rises by their own tile. Or to the distant market, if connected to any port tile or to {ports[0]}: "
            "draw a distant-market tile, "
            "move cotton demand down, gain the income spaces beside the marker, then the mill flips. Several mills "
            "in one action.",
            "売れるのは綿だけ。つながっている未稼働の港（誰のものでも）を通して売ると、両方のタイルが稼働済みになり、"
            f"それぞれの持ち主の収入が自分のタイルの分だけ上がる。どれかの港タイルか{ports[1]}とつながっていれば"
            "遠方市場にも売れる: 遠方市場"
            "タイルを引いて綿需要を下げ、マーカー横のマス数だけ収入を進めてから紡績所が稼働済みになる。1回の"
            "アクションで何枚でも売れる。")),
        Item(both("", ""), both(
            "If demand falls past its last space, the sale fails, the action ends and the distant market is closed "
            "until the era ends.",
            "需要が最後のマスより下がると売却は失敗し、アクションは終わり、遠方市場はその時代の終わりまで閉じる。")),
        Item(both("Loan", "借金"), both(
            f"{loans_en}; your income marker goes to the highest space of the new level. Not below level "
            f"{rules.min_income_level}.",
            f"{loans_ja}。収入マーカーは新しいレベルのいちばん上のマスへ。収入レベル{rules.min_income_level}未満には"
            "できない。")),
        Item(both("Pass", "パス"), both("Discard a card and do nothing else. There is no scout action.",
                                       "カードを1枚捨てるだけ。偵察のアクションはない。")),
    )


def trade_places(facts: Facts) -> Say:
    """The places printed with a trade icon (Lancashire: the external locations with a port)."""
    places = [name for name, location in facts.board.locations.items() if location.trade_icon]
    return en.listing(places, "or"), "・".join(facts.translations["ja"].get(name, name) for name in places)


def lancashire_sourcing_items(facts: Facts) -> tuple[Item, ...]:
    coal, iron = (facts.markets[r].price_when_empty for r in ("coal", "iron"))
    ports_en, ports_ja = trade_places(facts)
    return (
        Item(both("Coal", "石炭"), both(
            "From the NEAREST CONNECTED coal mine with coal, any owner's, free (a tie is your choice). Only if no "
            "connected mine has coal: the coal demand track, which needs a connection to a port (any port tile, "
            f"flipped or not, or {ports_en}); cheapest first, {en.money(coal)} when empty.",
            "「つながっている最も近い」炭鉱から。持ち主は問わず無料（同じ距離なら選べる）。つながっている炭鉱に石炭が"
            "ないときだけ石炭需要トラックから買う。それには港（稼働済みかどうかを問わずどの港タイルでも、または"
            f"{ports_ja}）へのつながりが必要。安い枠から、空なら{ja.money(coal)}。")),
        Item(both("Iron", "鉄"), both(
            "From ANY iron works with iron, connected or not, free. Only if there is no iron on the board: the iron "
            f"demand track, cheapest first, {en.money(iron)} when empty, no connection needed.",
            "盤上の「どの」製鉄所からでも。つながりは不要で無料。盤上に鉄がないときだけ鉄需要トラックから買う。"
            f"安い枠から、空なら{ja.money(iron)}。つながりは不要。")),
    )


LANCASHIRE_DISTINCTIONS = (
    both("Coal comes from the nearest CONNECTED mine; iron from ANYWHERE. There is no beer.",
         "石炭は「つながっている最も近い」炭鉱から、鉄は「どこからでも」。ビールはない。"),
    both("YOUR NETWORK (your own industries and links) is not the same as CONNECTED (by anyone's links).",
         "「自分のネットワーク」（自分の産業と運輸タイル）と「つながっている」（誰の運輸タイルでもよい）は別もの。"),
    both("Only building reads the card's face; every action discards a card.",
         "カードの種類が意味を持つのは建設だけ。どのアクションでもカードを捨てる。"),
    both("Income RISES by track SPACES; a loan LOWERS it by LEVELS. A space is not a level.",
         "収入は「マス」単位で上がり、借金は「レベル」単位で下がる。マスとレベルは違う。"),
    both("A link scores the number of FLIPPED TILES at its ends, not their VP or their income.",
         "運輸タイルの得点は両端の「稼働済みタイルの枚数」。タイルの勝利点や収入ではない。"),
    both("Another player's coal, iron or port costs you nothing, but it can flip their tile and raise THEIR income.",
         "他人の石炭・鉄・港は無料。ただしその人のタイルが稼働済みになり、「その人の」収入が上がることがある。"),
    both("Every number here is Brass: Lancashire's (Roxley 2018). Birmingham has other prices, loans and words.",
         "ここの数字はすべて『ブラス：ランカシャー』（ロクスリー2018年版）のもの。バーミンガムは値段も借金も用語も違う。"),
)


def distant_items(facts: Facts) -> tuple[Item, ...]:
    market = facts.rules.distant_market
    pile = per_players(facts, lambda n: sum(market.tiles[n].values()), both(" tiles", "枚"))
    bonuses = "/".join(map(str, market.bonuses))
    return (
        Item(both("Tiles", "タイル"), both(f"{pile[0]}; a drawn tile leaves the game until the era ends",
                                         f"{pile[1]}。引いたタイルはその時代の終わりまで使わない")),
        Item(both("Demand track", "綿需要"), both(
            f"income spaces gained beside each demand space, from the top: {bonuses}; below the last: no more demand",
            f"需要の各マスの横で得る収入のマス数（上から）: {bonuses}。最後のマスより下は需要なし")),
    )


def cube_items(facts: Facts) -> tuple[Item, ...]:
    """The cubes on a new tile of each resource industry, by level and era."""
    items = []
    for industry, resource in facts.resource_of.items():
        specs = facts.tiles[industry]
        levels = f"{roman(specs[0].level)}–{roman(specs[-1].level)}", f"{specs[0].level}〜{specs[-1].level}"
        canal, rail = ("/".join(str(spec.cubes_when_built(era) or "–") for spec in specs) for era in ("canal", "rail"))
        items.append(Item(both(en.upper_first(en.INDUSTRY[industry]), ja.INDUSTRY[industry]), both(
            f"{en.RESOURCE[resource]} on a new tile, levels {levels[0]}: canal era {canal}, rail era {rail}; it flips "
            "when emptied",
            f"建てると載る{ja.RESOURCE[resource]}（レベル{levels[1]}）: 運河時代 {canal}、鉄道時代 {rail}。"
            "空で稼働済み")))
    return tuple(items)


def edition_items(roxley: Facts, warfrog: Facts) -> tuple[Item, ...]:
    """What Warfrog's 2007 Brass does differently, each number from its own ruleset."""
    old = warfrog.rules
    counts = "/".join(map(str, old.player_counts))
    aside = {era: "/".join(str(old.set_aside[era][n]) for n in old.player_counts) for era in ("canal", "rail")}
    rounds_old = rounds(warfrog, "canal")
    tiles_old = sum(old.distant_market.tiles[old.player_counts[0]].values())
    links = [(near, far) for near, far in warfrog.virtual_links if (near, far) not in roxley.virtual_links]
    name = warfrog.translations["ja"]
    return (
        Item(both("Players, cards", "人数、カード"), both(
            f"{counts} players; cards set aside face down at random: canal era {aside['canal']}, rail era "
            f"{aside['rail']}; {rounds_old[0]} an era.",
            f"{counts}人。カードを裏向きで無作為に除く: 運河時代{aside['canal']}枚、鉄道時代{aside['rail']}枚。"
            f"1時代{rounds_old[1]}。")),
        Item(both("Turns", "手番"), both(
            "A random start player, then seat order; hands are refilled after the round; no loan once the rail "
            "era's deck is empty.",
            "最初は無作為に選んだプレイヤーから席順。手札の補充はラウンドの後。鉄道時代に山札がなくなったら借金はできない。")),
        Item(both("Distant market", "遠方市場"), both(
            f"all {tiles_old} tiles; a drawn tile goes back under the pile.",
            f"{tiles_old}枚すべてを使う。引いたタイルは山の一番下へ戻す。")),
        *(Item(both("Virtual link", "仮想接続"), both(
            f"with {near} in your network, an industry card may build in {far} (for nothing else)",
            f"{name.get(near, near)}が自分のネットワークにあれば、産業カードで{name.get(far, far)}に建設できる"
            "（それ以外には使えない）"))
          for near, far in links),
    )


def check_switches(facts: Facts, written_for: str, switches: dict[str, bool]) -> None:
    """The sentences take every number from the data but are written for one game's switches: a game whose
    rules differ is refused, never misdescribed."""
    missing = [name for name, holds in switches.items() if not holds]
    if missing:
        raise ValueError(f"the player aid is written for {written_for}; {facts.game} {facts.rules.edition} lacks: "
                         f"{', '.join(missing)}")


def birmingham_pages(facts: Facts) -> list[Page]:
    rules = facts.rules
    check_switches(facts, "Birmingham's rules", {
        "income at the end of a round": rules.income_paid is IncomeTiming.ROUND_END,
        "hands refilled at the end of a turn": rules.refill is Refill.END_OF_TURN,
        "a shuffled first turn order": rules.first_order is FirstOrder.SHUFFLED,
        "one loan, allowed to the end": len(rules.loans) == 1 and rules.loans_end is LoansEnd.NEVER,
        "a first link anywhere": rules.first_link_anywhere,
        "a scout action": rules.scout_discards is not None,
        "money that never scores": rules.money_vp_per is None})
    title = facts.title, facts.translations["ja"].get(facts.title, facts.title)
    return [
        Page(both(f"{title[0]} — a round and its actions", f"{title[1]} — ラウンドとアクション"), (
            Section(both("A round", "ラウンドの流れ"), round_items(facts)),
            Section(both("The actions (each discards a card)", "アクション（どれもカードを捨てる）"),
                    action_items(facts)),
        )),
        Page(both(f"{title[0]} — resources, distinctions, numbers", f"{title[1]} — 資源、取り違えやすいこと、数字"), (
            Section(both("Where coal, iron and beer come from", "石炭・鉄・ビールの出どころ"), sourcing_items(facts)),
            Section(both("Do not confuse", "取り違えやすいこと"),
                    tuple(Item(both("", ""), say) for say in DISTINCTIONS)),
            Section(both("Merchant beer bonuses", "商人のビール特典"), merchant_items(facts)),
            Section(both("Markets", "市場"), market_items(facts)),
            Section(both("Industry tiles", "産業タイル"), tile_items(facts)),
            Section(both("Income track", "収入トラック"), income_items(facts)),
        )),
    ]


def lancashire_pages(facts: Facts) -> list[Page]:
    rules = facts.rules
    check_switches(facts, "Lancashire's Roxley rules", {
        "income at the start of a round": rules.income_paid is IncomeTiming.ROUND_START,
        "hands refilled at the end of a turn": rules.refill is Refill.END_OF_TURN,
        "a shuffled first turn order": rules.first_order is FirstOrder.SHUFFLED,
        "loans until the round after the divider": rules.loans_end is LoansEnd.ROUND_AFTER_DIVIDER,
        "no first link anywhere": not rules.first_link_anywhere,
        "no scout action": rules.scout_discards is None,
        "a double-card build": rules.double_card_build,
        "money that scores": rules.money_vp_per is not None,
        "links that score tiles": rules.link_scoring is LinkScoring.TILES,
        "drawn distant tiles out of the game": rules.distant_market.drawn_tiles is DrawnTiles.OUT})
    title = facts.title, facts.translations["ja"].get(facts.title, facts.title)
    edition = f" ({rules.edition_name})"
    return [
        Page(both(f"{title[0]}{edition} — a round and its actions", f"{title[1]}{edition} — ラウンドとアクション"), (
            Section(both("A round", "ラウンドの流れ"), lancashire_round_items(facts)),
            Section(both("The actions (each discards a card)", "アクション（どれもカードを捨てる）"),
                    lancashire_action_items(facts)),
        )),
        Page(both(f"{title[0]} — resources, distinctions, numbers", f"{title[1]} — 資源、取り違えやすいこと、数字"), (
            Section(both("Where coal and iron come from", "石炭・鉄の出どころ"), lancashire_sourcing_items(facts)),
            Section(both("Do not confuse", "取り違えやすいこと"),
                    tuple(Item(both("", ""), say) for say in LANCASHIRE_DISTINCTIONS)),
            Section(both("Demand tracks", "需要トラック"), market_items(facts, both("demand", "需要トラック"))),
            Section(both("Distant market", "遠方市場"), distant_items(facts)),
            Section(both("Industry tiles", "産業タイル"), cube_items(facts)),
            Section(both("Income track", "収入トラック"), income_items(facts)),
            Section(both("How Warfrog's 2007 Brass differs", "2007年版（ウォーフロッグ）のブラスとの違い"),
                    edition_items(facts, load_facts(facts.game, "2007"))),
        )),
    ]


def pages(facts: Facts) -> list[Page]:
    """The two pages of one game's aid, in both languages."""
    return {SaleKind.MERCHANTS: birmingham_pages, SaleKind.COTTON: lancashire_pages}[facts.rules.sale](facts)


def text(aid: list[Page], language: str) -> str:
    """Every line one language's pages show, before wrapping, in reading order."""
    n = LANGUAGES.index(language)
    out = []
    for number, page in enumerate(aid, 1):
        out.append(f"=== page {number}: {page.title[n]}")
        for section in page.sections:
            out.append(f"## {section.title[n]}")
            out += [f"- {item.label[n]}: {item.text[n]}" if item.label[n] else f"- {item.text[n]}"
                    for item in section.items]
    return "\n".join(out) + "\n"


_NO_LINE_START = set("、。，．・：；）」』〕］｝〉》！？ー々ぁぃぅぇぉっゃゅょァィゥェォッャュョ,.:;)!?%")
_NO_LINE_END = set("（「『〔［｛〈《(")


def _tokens(words: str, language: str) -> list[str]:
    """The pieces a line may break between: words in English; in Japanese every character, except that runs of
    Latin letters and digits stay whole and punctuation that may not start (or end) a line sticks to its neighbour."""
    if language == "en":
        return words.split(" ")
    pieces: list[str] = []
    for char in words:
        glue_left = pieces and (char in _NO_LINE_START or pieces[-1][-1] in _NO_LINE_END
                                or (char.isascii() and char != " " and pieces[-1][-1].isascii()))
        if glue_left:
            pieces[-1] += char
        else:
            pieces.append(char)
    return pieces


def _wrap(words: str, language: str, room: float, measure) -> list[str]:
    """Greedy wrapping: as many pieces on a line as fit in ``room`` by ``measure(line)``."""
    joiner = " " if language == "en" else ""
    lines: list[str] = []
    for piece in _tokens(words, language):
        trial = f"{lines[-1]}{joiner}{piece}" if lines else piece
        if lines and measure(trial) <= room:
            lines[-1] = trial
        else:
            lines.append(piece.lstrip())
    while len(lines) > 1 and len(lines[-1]) < ORPHAN and len(_tokens(lines[-2], language)) > 2:
        *rest, last = _tokens(lines[-2], language)     # carry the previous line's last piece down
        lines[-2:] = [joiner.join(rest), f"{last}{joiner}{lines[-1]}"]
    return lines


def draw(page: Page, language: str, number: int, of: int):
    """One A4 figure, laid out top to bottom; raises if a page runs past its bottom margin.

    The Japanese font has one weight, so Japanese "bold" is the glyphs drawn with a thin outline of their colour."""
    import matplotlib.pyplot as plt
    from matplotlib.font_manager import FontProperties
    from matplotlib.patheffects import withStroke

    from brass_nb.plot.style import font_family, fonts

    n = LANGUAGES.index(language)
    family = font_family(language)
    with fonts(language):
        fig = plt.figure(figsize=A4, dpi=DPI)
        renderer = fig.canvas.get_renderer()

        props = FontProperties(family=family, size=SIZE["body"])

        def width(words: str) -> float:
            """Inches the words take on the page at the body size."""
            return renderer.get_text_width_height_descent(words, props, ismath=False)[0] / fig.dpi

        y = A4[1] - MARGIN

        def put(x: float, words: str, size: float, bold: bool = False, color: str = "black", **style) -> None:
            if bold and language == "ja":
                style["path_effects"] = [withStroke(linewidth=0.5, foreground=color)]
            elif bold:
                style["weight"] = "bold"
            fig.text(x / A4[0], y / A4[1], words, fontsize=size, va="top", color=color, **style)

        put(MARGIN, page.title[n], SIZE["title"], bold=True)
        y -= SIZE["title"] * LEADING / 72 + 0.08
        body = SIZE["body"] * LEADING / 72
        for section in page.sections:
            labelled = any(item.label[n] for item in section.items)
            text_x = MARGIN + (LABEL_WIDTH if labelled else 0)
            text_width = A4[0] - MARGIN - text_x
            y -= 0.06
            put(MARGIN, section.title[n], SIZE["section"], bold=True, color=ACCENT)
            y -= SIZE["section"] * LEADING / 72
            fig.add_artist(plt.Line2D([MARGIN / A4[0], 1 - MARGIN / A4[0]], [(y + 0.05) / A4[1]] * 2,
                                      color=ACCENT, linewidth=0.6))
            y -= 0.04
            for item in section.items:
                indent = 0.0
                if item.label[n]:
                    put(MARGIN, item.label[n], SIZE["body"], bold=True, color=ACCENT)
                else:                                   # a bullet, the text hanging beside it
                    put(text_x, "•", SIZE["body"], color=ACCENT)
                    indent = BULLET_INDENT
                for line in _wrap(item.text[n], language, text_width - indent, width):
                    put(text_x + indent, line, SIZE["body"])
                    y -= body
                y -= 0.05
        fig.text(0.5, MARGIN / 2 / A4[1], f"brass_nb · scripts/player_aid.py · {number}/{of}",
                 fontsize=SIZE["footer"], ha="center", color="#555555")
    if y < MARGIN:
        raise ValueError(f"page {number} ({language}) runs {MARGIN - y:.2f} in past its bottom margin")
    return fig


def render(facts: Facts, folder: Path = OUT) -> list[Path]:
    """For each language: the PDF, a PNG per page and the text of every line."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.backends.backend_pdf import PdfPages

    folder.mkdir(parents=True, exist_ok=True)
    aid = pages(facts)
    written = []
    for language in LANGUAGES:
        stem = f"player_aid_{facts.game}_{language}"
        pdf_path = folder / f"{stem}.pdf"
        with PdfPages(pdf_path, metadata={"Title": f"brass_nb player aid ({facts.game}, {language})",
                                          "CreationDate": None}) as pdf:
            for number, page in enumerate(aid, 1):
                fig = draw(page, language, number, len(aid))
                pdf.savefig(fig)
                png = folder / f"{stem}-{number}.png"
                fig.savefig(png, dpi=DPI, metadata={"Software": None})
                written.append(png)
                plt.close(fig)
        (folder / f"{stem}.txt").write_text(text(aid, language), encoding="utf-8")
        written += [pdf_path, folder / f"{stem}.txt"]
    return written


if __name__ == "__main__":
    for path in [*render(load_facts("birmingham")), *render(load_facts("lancashire"))]:
        print(f"wrote {path.relative_to(OUT.parents[1])}")
