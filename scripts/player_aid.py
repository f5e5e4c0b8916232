"""The player aid: two A4 pages for the table, one PDF per language, every number read from the rules data.

Page 1 is how a round runs and what each action costs; page 2 is where coal, iron and beer come from, the
distinctions the rule texts warn about, and the numbers a player looks up. It is written for Brass: Birmingham,
the game the 90-minute class teaches; a game that sells without merchants and beer (Lancashire) is refused rather
than described in Birmingham's words. A Japanese class prints the Japanese PDF, so each PDF is one language.

``player_aid_<game>_<language>.txt`` holds every line a PDF shows, before wrapping; the test regenerates it and
compares, and measures the smallest font drawn.

Run: PYTHONPATH=$PWD python scripts/player_aid.py   (writes docs/teaching/player_aid_birmingham_<en|ja>.pdf,
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
from brass_nb.rules.ruleset import FirstOrder, IncomeTiming, LinkCost, LoansEnd, Refill, SaleKind
from brass_nb.rules.state import State
from brass_nb.rules.turns import deal_deck

OUT = Path(__file__).resolve().parents[1] / "docs" / "teaching"
LANGUAGES = ("en", "ja")
A4 = (8.27, 11.69)            # inches, portrait
MARGIN = 0.5
LABEL_WIDTH = 1.25            # inches kept for an item's bold label
BULLET_INDENT = 0.18          # inches from an unlabelled item's bullet to its text
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


def per_players(facts: Facts, value) -> Say:
    """``value(players)`` for each player count, written "10/9/8 (2/3/4 players)"."""
    counts = facts.rules.player_counts
    values = "/".join(str(value(n)) for n in counts)
    players = "/".join(map(str, counts))
    return f"{values} ({players} players)", f"{values}（{players}人）"


def rounds(facts: Facts, era: str) -> Say:
    return per_players(facts, lambda n: facts.rules.rounds(era, n, len(deal_deck(State(facts, n, 0)))))


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
            f"運河時代、続いて鉄道時代。どちらも{canal_rounds[1]}ラウンドで、カードをすべて使い切ると終わる。")),
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


def market_items(facts: Facts) -> tuple[Item, ...]:
    items = []
    for resource in ("coal", "iron"):
        market = facts.markets[resource]
        low, high = min(market.prices), max(market.prices)
        items.append(Item(both(f"{en.RESOURCE[resource].capitalize()} market", f"{ja.RESOURCE[resource]}市場"), both(
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
    """What players ask of the mat most: the cubes on a new tile in each era, and the beer a sale needs."""
    def by_level(value) -> str:
        return "/".join(str(value(spec) or "–") for spec in facts.tiles[industry])

    items = []
    for industry in facts.industries:
        specs = facts.tiles[industry]
        levels = f"{roman(specs[0].level)}–{roman(specs[-1].level)}", f"{specs[0].level}〜{specs[-1].level}"
        if industry in facts.resource_of:
            resource = facts.resource_of[industry]
            canal = by_level(lambda spec: spec.cubes_when_built("canal"))
            rail = by_level(lambda spec: spec.cubes_when_built("rail"))
            text = both(f"{en.RESOURCE[resource]} on a new tile, levels {levels[0]}: canal era {canal}, rail era "
                        f"{rail}; it flips when emptied",
                        f"建てると載る{ja.RESOURCE[resource]}（レベル{levels[1]}）: 運河時代 {canal}、鉄道時代 {rail}。"
                        "空で稼働済み")
        else:
            beer = by_level(lambda spec: spec.beer)
            text = both(f"beer to sell it, levels {levels[0]}: {beer}",
                        f"売却に必要なビール（レベル{levels[1]}）: {beer}")
        items.append(Item(both(en.upper_first(en.INDUSTRY[industry]), ja.INDUSTRY[industry]), text))
    return tuple(items)


def check_the_game_fits(facts: Facts) -> None:
    """The sentences take every number from the data but are written for Birmingham's switches; a game with
    others (Lancashire: ports, loans of three sizes, income at a round's start...) is refused, never misdescribed."""
    rules = facts.rules
    switches = {"sells to merchants with beer": rules.sale is SaleKind.MERCHANTS,
                "income at the end of a round": rules.income_paid is IncomeTiming.ROUND_END,
                "hands refilled at the end of a turn": rules.refill is Refill.END_OF_TURN,
                "a shuffled first turn order": rules.first_order is FirstOrder.SHUFFLED,
                "one loan, allowed to the end": len(rules.loans) == 1 and rules.loans_end is LoansEnd.NEVER,
                "a first link anywhere": rules.first_link_anywhere,
                "a scout action": rules.scout_discards is not None,
                "money that never scores": rules.money_vp_per is None}
    missing = [name for name, holds in switches.items() if not holds]
    if missing:
        raise ValueError(f"the player aid is written for Birmingham's rules; {facts.game} lacks: {', '.join(missing)}")


def pages(facts: Facts) -> list[Page]:
    """The two pages of one game's aid, in both languages."""
    check_the_game_fits(facts)
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
    for path in render(load_facts("birmingham")):
        print(f"wrote {path.relative_to(OUT.parents[1])}")
