"""The classroom cheat sheet: three A4 pages in English and Japanese, every number read from the rules data.

Page 1 is Birmingham's numbers (tiles, links, markets, loans, income track, merchant bonuses), page 2 the
sourcing rules and the distinctions the rule texts warn about, page 3 Lancashire's numbers. Nothing is typed
twice: prices, costs and tracks come from ``load_facts(game).rules`` and the tile tables, so the sheet follows
the data. ``cheatsheet.txt`` holds every line the pages show; the test regenerates it and compares.

Run: PYTHONPATH=$PWD python scripts/cheatsheet.py   (writes docs/teaching/cheatsheet.pdf, cheatsheet-<n>.png
and cheatsheet.txt)
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby
from pathlib import Path

from brass_nb.explain import en, ja
from brass_nb.explain.numerals import roman
from brass_nb.rules.facts import GameFacts as Facts
from brass_nb.rules.facts import load_facts
from brass_nb.rules.ruleset import IncomeTiming, LinkCost, LoansEnd
from brass_nb.rules.state import State
from brass_nb.rules.turns import deal_deck

OUT = Path(__file__).resolve().parents[1] / "docs" / "teaching"
A4 = (8.27, 11.69)            # inches, portrait
MARGIN = 0.45
DPI = 150


@dataclass(frozen=True)
class Heading:
    en: str
    ja: str


@dataclass(frozen=True)
class Lines:
    """Bilingual lines: each English line with its Japanese below it."""
    items: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Table:
    columns: tuple[tuple[str, str], ...]      # (English, Japanese) heading of each column
    rows: tuple[tuple[str, ...], ...]
    widths: tuple[float, ...]          # inches


@dataclass(frozen=True)
class Page:
    title: Heading
    blocks: tuple[Heading | Lines | Table, ...]


def pounds(n: int) -> tuple[str, str]:
    return en.money(n), ja.money(n)


def link_cost(cost: LinkCost) -> tuple[str, str]:
    english = [en.money(cost.money)] + [en.cubes(getattr(cost, r), r) for r in ("coal", "beer") if getattr(cost, r)]
    japanese = [ja.money(cost.money)] + [ja.cubes(getattr(cost, r), r) for r in ("coal", "beer") if getattr(cost, r)]
    return " + ".join(english), "＋".join(japanese)


ERAS = {("canal",): "canal 運河", ("rail",): "rail 鉄道", ("canal", "rail"): "both 両方", (): "never 不可"}


def tile_table(facts: Facts) -> Table:
    """One row per tile level: build cost, what it needs to sell, what it scores and produces, when it may be built."""
    rows = []
    for industry in facts.industries:
        for spec in facts.tiles[industry]:
            produced = spec.produces or {}
            cubes = "/".join("–" if produced.get(era) is None else str(produced[era]) for era in ("canal", "rail"))
            rows.append((f"{en.upper_first(en.INDUSTRY[industry])} {ja.INDUSTRY[industry]}", roman(spec.level), en.money(spec.cost),
                         str(spec.coal or ""), str(spec.iron or ""), str(spec.beer or ""), str(spec.vp),
                         str(spec.income), str(spec.link_vp), cubes if spec.produces else "", ERAS[spec.eras],
                         "" if spec.developable else "✕"))
    columns = (("Industry", "産業"), ("Level", "レベル"), ("Cost", "建設費"), ("Coal", "石炭"), ("Iron", "鉄"),
               ("Beer to sell", "売却のビール"), ("VP", "勝利点"), ("Income", "収入"), ("Link icons", "リンク得点"),
               ("Cubes", "資源"), ("Eras", "時代"), ("No develop", "開発不可"))
    widths = (1.45, 0.4, 0.45, 0.4, 0.4, 0.75, 0.45, 0.5, 0.65, 0.55, 0.7, 0.6)
    shown = [n for n in range(len(columns)) if any(row[n] for row in rows)]
    return Table(tuple(columns[n] for n in shown), tuple(tuple(row[n] for n in shown) for row in rows),
                 tuple(widths[n] for n in shown))


def income_bands(levels: tuple[int, ...]) -> Table:
    """The income track in bands of equal width: which spaces give which levels."""
    spaces = {level: [s for s, lv in enumerate(levels) if lv == level] for level in dict.fromkeys(levels)}
    rows = []
    for width, group in groupby(spaces.items(), key=lambda item: len(item[1])):
        group = list(group)
        first, last = group[0], group[-1]
        rows.append((f"{first[1][0]}–{last[1][-1]}", f"{first[0]} … {last[0]}" if len(group) > 1 else str(first[0]),
                     str(width)))
    return Table((("Spaces", "マス"), ("Income levels", "収入レベル"), ("Spaces per level", "1レベルのマス数")),
                 tuple(rows), (1.2, 1.4, 2.4))


def market_lines(facts: Facts) -> Lines:
    items = []
    for resource in ("coal", "iron"):
        market = facts.markets[resource]
        prices = sorted(set(market.prices))
        empty_en, empty_ja = pounds(market.price_when_empty)
        items.append((f"{en.RESOURCE[resource].capitalize()} market: {len(market.prices)} spaces, "
                      f"£{prices[0]}–£{prices[-1]}, {market.start_cubes} cubes at the start, {empty_en} when empty",
                      f"{ja.RESOURCE[resource]}市場: {len(market.prices)}枠、{prices[0]}〜{prices[-1]}ポンド、"
                      f"開始時{market.start_cubes}個、空なら{empty_ja}"))
    return Lines(tuple(items))


def link_lines(facts: Facts) -> Lines:
    rules = facts.rules
    canal, rail, second = link_cost(rules.canal_link), link_cost(rules.rail_link), link_cost(rules.second_rail)
    beer_en = " (beer from a brewery, never merchant beer)" if rules.second_rail.beer else ""
    beer_ja = "（ビールは醸造所から。商人のビールは不可）" if rules.second_rail.beer else ""
    return Lines(((f"Canal: {canal[0]}", f"運河: {canal[1]}"),
                  (f"Rail: {rail[0]}; a second rail in the same action: another {second[0]}{beer_en}",
                   f"鉄道: {rail[1]}。同じアクションで2本目: さらに{second[1]}{beer_ja}"),
                  (f"Link tiles per player: {rules.link_tiles}", f"運輸タイル: 各自{rules.link_tiles}枚")))


def loan_lines(facts: Facts) -> Lines:
    rules = facts.rules
    loans_en = ", ".join(f"{en.money(o.money)} (income {en.plural(o.levels, 'level')} down)" for o in rules.loans)
    loans_ja = "、".join(f"{ja.money(o.money)}（収入レベルが{o.levels}下がる）" for o in rules.loans)
    items = [(f"Loans: {loans_en}; never below income level {rules.min_income_level}",
              f"借金: {loans_ja}。収入レベル{rules.min_income_level}未満にはできない")]
    if rules.loans_end is LoansEnd.RAIL_DECK_EMPTY:
        items.append(("No loan once the rail era's deck is empty", "鉄道時代に山札がなくなったら借金できない"))
    elif rules.loans_end is LoansEnd.ROUND_AFTER_DIVIDER:
        divider = "/".join(str(rules.rail_divider[n]) for n in rules.player_counts) if rules.rail_divider else ""
        items.append((f"Rail divider ({divider} cards from the bottom, drawn): once it shows, one more round of loans",
                      f"鉄道時代の仕切り（下から{divider}枚、引く）が現れたら、借金は次のラウンドまで"))
    if rules.income_paid is IncomeTiming.ROUND_START:
        items.append(("Income is collected at the start of every round but the first",
                      "収入は最初のラウンドを除く毎ラウンドの始めに受け取る"))
    else:
        items.append(("Income is collected at the end of every round but the game's last, after the new turn order",
                      "収入は毎ラウンドの終わり、新しい手番順を決めた後に受け取る（ゲーム最後のラウンドの後を除く）"))
    items.append(("Turn order: least money spent first (market purchases count, loans do not)",
                  "手番順: 支出が少ない順（市場での購入は支出、借金は支出ではない）"))
    if rules.money_vp_per:
        items.append((f"End of the game: 1 VP per £{rules.money_vp_per}",
                      f"ゲーム終了時: {rules.money_vp_per}ポンドにつき1勝利点"))
    return Lines(tuple(items))


def ja_name(facts: Facts, name: str) -> str:
    return facts.translations["ja"].get(name, name)


def edition_lines(roxley: Facts, warfrog: Facts) -> Lines:
    """What the two Lancashire editions do differently, each number from its own ruleset."""
    new, old = roxley.rules, warfrog.rules

    def aside(rules, era: str, words: str) -> str:
        return "/".join(str(rules.set_aside[era][n]) for n in rules.player_counts) + words

    counts = "/".join(map(str, old.player_counts))
    new_counts = "/".join(map(str, new.player_counts))
    rounds = "/".join(str(old.rounds("canal", n, len(deal_deck(State(warfrog, n, 0))))) for n in old.player_counts)
    tiles_new = "/".join(str(sum(new.distant_market.tiles[n].values())) for n in new.player_counts)
    tiles_old = sum(old.distant_market.tiles[old.player_counts[0]].values())
    return Lines((
        (f"Cards out of play ({new_counts} players): Roxley canal {aside(new, 'canal', '')} under the divider, rail "
         f"none; Warfrog face down at random ({counts} players), canal {aside(old, 'canal', '')}, rail {aside(old, 'rail', '')}, loans until "
         f"the rail deck is empty",
         f"使わないカード（{new_counts}人）: Roxley は運河時代に仕切りタイルの下の{aside(new, 'canal', '')}枚、鉄道時代は"
         f"なし。Warfrog は裏向きで"
         f"無作為に（{counts}人）運河{aside(old, 'canal', '')}枚・鉄道{aside(old, 'rail', '')}枚、借金は鉄道時代の山札が"
         f"なくなるまで"),
        *((f"{near}–{far} virtual link, Warfrog only: with {near} in your network, an industry card builds in {far}",
           f"{ja_name(warfrog, near)}–{ja_name(warfrog, far)}の仮想リンク（Warfrog のみ）: {ja_name(warfrog, near)}が"
           f"ネットワークにあれば産業カードで{ja_name(warfrog, far)}に建設できる")
          for near, far in warfrog.virtual_links if (near, far) not in roxley.virtual_links),
        (f"Players: Roxley {min(new.player_counts)}–{max(new.player_counts)}, Warfrog "
         f"{min(old.player_counts)}–{max(old.player_counts)}. Warfrog: {rounds} rounds per era ({counts} players); a "
         "random start player, then seat order; hands refilled after the round",
         f"人数: Roxley {min(new.player_counts)}〜{max(new.player_counts)}人、Warfrog {min(old.player_counts)}〜"
         f"{max(old.player_counts)}人。Warfrog: 1時代{rounds}ラウンド（{counts}人）。最初は無作為に選んだプレイヤーから"
         "席順。手札の補充はラウンドの後"),
        (f"Distant market tiles: Roxley {tiles_new} ({new_counts} players), a drawn tile leaves the game; "
         f"Warfrog all {tiles_old}, a drawn tile goes back under the pile",
         f"遠方市場タイル: Roxley {tiles_new}枚（{new_counts}人）、引いたタイルは除外。Warfrog は{tiles_old}枚すべて、"
         "引いたタイルは山の一番下へ"),
    ))


BONUS = {"money": ("£{n}", "{n}ポンド"), "vp": ("{n} VP", "{n}勝利点"),
         "income_spaces": ("income marker +{n} spaces", "収入マーカー+{n}マス"),
         "free_develop": ("develop {n} tile without iron", "鉄なしで{n}枚開発")}


def merchant_lines(facts: Facts) -> Lines:
    items = []
    for name, location in facts.board.locations.items():
        if location.kind == "merchant" and location.beer_bonus:
            kind, n = location.beer_bonus
            counts = sorted({c for space in location.merchant_spaces for c in space})
            most = max(facts.rules.player_counts)
            who_en, who_ja = ((f"{most} players only", f"{most}人のみ") if counts[0] == most
                              else (f"{counts[0]}–{most} players", f"{counts[0]}〜{most}人"))
            items.append((f"{name} ({who_en}): {BONUS[kind][0].format(n=n)}; {location.link_vp} link icons",
                          f"{facts.translations['ja'].get(name, name)}（{who_ja}）: "
                          f"{BONUS[kind][1].format(n=n)}。リンク得点アイコン{location.link_vp}個"))
    return Lines(tuple(items))


def sourcing_lines(birmingham: Facts, lancashire: Facts) -> Lines:
    coal, iron = (birmingham.markets[r].price_when_empty for r in ("coal", "iron"))
    lancs, lancs_iron = (lancashire.markets[r].price_when_empty for r in ("coal", "iron"))
    return Lines((
        ("Coal: the NEAREST CONNECTED coal mine with coal (any owner, free; distance in links, 0 in the same town); "
         "a tie is your choice",
         "石炭: つながっている炭鉱のうち最も近いもの（持ち主は問わず無料。距離はリンク数、同じ都市なら0）。同距離なら選べる"),
        (f"Only if no connected mine has coal: the coal market, which needs a connection to a trade icon; "
         f"cheapest first, {en.money(coal)} when empty (Lancashire: a port, {en.money(lancs)})",
         f"つながっている炭鉱に石炭がないときだけ石炭市場。市場接続アイコンへのつながりが必要。安い枠から、空なら{ja.money(coal)}"
         f"（ランカシャーは港、{ja.money(lancs)}）"),
        (f"Iron: ANY iron works with iron, connected or not, free; else the iron market, {en.money(iron)} when empty "
         f"(no connection needed; Lancashire: {en.money(lancs_iron)})",
         f"鉄: 盤上のどの製鉄所からでも（つながり不要、無料）。なければ鉄市場、空なら{ja.money(iron)}（つながり不要。"
         f"ランカシャーは{ja.money(lancs_iron)}）"),
        ("Beer (Birmingham; Lancashire has none): your own brewery needs no connection; another player's must be "
         "connected; merchant beer only when selling to that merchant, and only it gives the bonus",
         "ビール（バーミンガムのみ。ランカシャーにはない）: 自分の醸造所はつながり不要。他人の醸造所はつながりが必要。"
         "商人のビールはその商人へ売るときだけで、特典はそれだけ"),
        ("Using another player's coal, iron or beer costs nothing but can flip their tile and raise their income",
         "他人の石炭・鉄・ビールは無料だが、その人のタイルが稼働済みになり収入が上がることがある"),
    ))


DISTINCTIONS = Lines((
    ("Coal from the NEAREST CONNECTED mine; iron from ANYWHERE; own beer needs NO connection, another player's DOES",
     "石炭は「つながっている最も近い」炭鉱から。鉄は「どこからでも」。自分のビールはつながり不要、他人のビールは必要"),
    ("YOUR NETWORK (your tiles and links) is not the same as CONNECTED (anyone's links)",
     "「自分のネットワーク」（自分のタイルと運輸タイル）と「つながっている」（誰の運輸タイルでもよい）は別のもの"),
    ("Only building reads the card's face; every action discards a card",
     "カードの種類を見るのは建設だけ。どのアクションでもカードを1枚捨てる"),
    ("Income rises by track SPACES; loans lower it by LEVELS; a space is not a level",
     "収入は「マス」で上がり、借金は「レベル」で下がる。マスとレベルは違う"),
    ("A link scores the LINK ICONS at both ends, not the number of tiles or their VP (Lancashire: flipped tiles)",
     "運輸タイルは両端の「リンク得点アイコン」で得点する。タイルの枚数や勝利点ではない（ランカシャーは稼働済みタイルの枚数）"),
    ("Every number comes from the game being played: Lancashire is never explained with Birmingham's numbers",
     "数字はすべて遊んでいるゲームのもの。ランカシャーをバーミンガムの数字で説明しない"),
))


def pages() -> list[Page]:
    birmingham, lancashire = load_facts("birmingham"), load_facts("lancashire")
    return [
        Page(Heading("Brass: Birmingham — numbers", "ブラス：バーミンガム — 数字"), (
            Heading("Industry tiles (cubes: on a new tile, canal/rail)", "産業タイル（資源: 建設時に載る数 運河/鉄道）"),
            tile_table(birmingham),
            Heading("Links", "運輸タイル"), link_lines(birmingham),
            Heading("Markets", "市場"), market_lines(birmingham),
            Heading("Money, loans, turn order", "お金、借金、手番順"), loan_lines(birmingham),
            Heading("Merchant beer bonuses", "商人のビール特典"), merchant_lines(birmingham),
        )),
        Page(Heading("Where resources come from — and what not to confuse", "資源の出どころと、取り違えやすいこと"), (
            Heading("Sourcing", "資源の取り方"), sourcing_lines(birmingham, lancashire),
            Heading("The distinctions the rule texts warn about", "ルール文が注意を促している区別"), DISTINCTIONS,
            Heading("Income track (both games)", "収入トラック（両ゲーム共通）"), income_bands(birmingham.income_levels),
        )),
        Page(Heading(f"Brass: Lancashire — numbers ({lancashire.rules.edition_name})",
                     f"ブラス：ランカシャー — 数字（{lancashire.rules.edition_name}）"), (
            Heading("Industry tiles (cubes: on a new tile, canal/rail)", "産業タイル（資源: 建設時に載る数 運河/鉄道）"),
            tile_table(lancashire),
            Heading("Links", "運輸タイル"), link_lines(lancashire),
            Heading("Markets", "市場"), market_lines(lancashire),
            Heading("Money, loans, turn order", "お金、借金、手番順"), loan_lines(lancashire),
            Heading("Roxley 2018 and Warfrog 2007", "Roxley 2018 と Warfrog 2007"),
            edition_lines(lancashire, load_facts("lancashire", "2007")),
        )),
    ]


def text(sheet: list[Page]) -> str:
    """Every line the pages show, in reading order."""
    out = []
    for number, page in enumerate(sheet, 1):
        out += [f"=== page {number}: {page.title.en} / {page.title.ja}"]
        for block in page.blocks:
            if isinstance(block, Heading):
                out.append(f"## {block.en} / {block.ja}")
            elif isinstance(block, Lines):
                for english, japanese in block.items:
                    out += [f"- {english}", f"  {japanese}"]
            else:
                out.append(" | ".join(f"{english} {japanese}" for english, japanese in block.columns))
                out += [" | ".join(row) for row in block.rows]
    return "\n".join(out) + "\n"


def _draw(page: Page):
    """One A4 figure, laid out top to bottom."""
    import textwrap

    import matplotlib.pyplot as plt

    from brass_nb.plot.style import fonts

    with fonts("ja"):
        fig = plt.figure(figsize=A4)
        y = A4[1] - MARGIN

        def put(x: float, words: str, size: float, **style) -> None:
            fig.text(x / A4[0], y / A4[1], words, fontsize=size, va="top", **style)

        put(MARGIN, page.title.en, 14, weight="bold")
        y -= 0.27
        put(MARGIN, page.title.ja, 11, color="#444444")
        y -= 0.3
        for block in page.blocks:
            if isinstance(block, Heading):
                y -= 0.08
                put(MARGIN, f"{block.en}  ·  {block.ja}", 9.5, weight="bold", color="#1f4e79")
                y -= 0.22
            elif isinstance(block, Lines):
                for english, japanese in block.items:
                    for line in textwrap.wrap(english, 118):
                        put(MARGIN + 0.1, line, 7.5)
                        y -= 0.14
                    for line in (japanese[i:i + 70] for i in range(0, len(japanese), 70)):
                        put(MARGIN + 0.2, line, 7.2, color="#444444")
                        y -= 0.14
                    y -= 0.04
            else:
                x = MARGIN + 0.1
                for (english, japanese), width in zip(block.columns, block.widths, strict=True):
                    put(x, english, 6.8, weight="bold")
                    y -= 0.12
                    put(x, japanese, 6.5, color="#444444")
                    y += 0.12
                    x += width
                y -= 0.28
                for n, row in enumerate(block.rows):
                    if n % 2 == 0:
                        fig.patches.append(plt.Rectangle(((MARGIN + 0.05) / A4[0], (y - 0.135) / A4[1]),
                                                         (sum(block.widths) + 0.05) / A4[0], 0.14 / A4[1],
                                                         transform=fig.transFigure, color="#eef2f7", zorder=0))
                    x = MARGIN + 0.1
                    for cell, width in zip(row, block.widths, strict=True):
                        put(x, cell, 6.8)
                        x += width
                    y -= 0.14
                y -= 0.06
        fig.text(0.5, MARGIN / 2 / A4[1], "brass_nb · generated by scripts/cheatsheet.py from the rules data",
                 fontsize=6.5, ha="center", color="#777777")
    if y < MARGIN:
        raise ValueError(f"page {page.title.en!r} runs {MARGIN - y:.2f} in past its margin")
    return fig


def render(sheet: list[Page], folder: Path = OUT) -> list[Path]:
    """Write the PDF (one page per sheet page), a PNG per page and the text of every line."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.backends.backend_pdf import PdfPages

    folder.mkdir(parents=True, exist_ok=True)
    written = [folder / "cheatsheet.pdf"]
    with PdfPages(written[0], metadata={"Title": "brass_nb cheat sheet", "CreationDate": None}) as pdf:
        for number, page in enumerate(sheet, 1):
            fig = _draw(page)
            pdf.savefig(fig)
            png = folder / f"cheatsheet-{number}.png"
            fig.savefig(png, dpi=DPI, metadata={"Software": None})
            written.append(png)
            plt.close(fig)
    (folder / "cheatsheet.txt").write_text(text(sheet), encoding="utf-8")
    return written + [folder / "cheatsheet.txt"]


if __name__ == "__main__":
    for path in render(pages()):
        print(f"wrote {path.relative_to(OUT.parents[1])}")
