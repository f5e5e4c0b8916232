"""日本語のメッセージ: ルールidごとに一つの関数。用語はルール文（seeds 000）に合わせる。"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from brass_nb.explain.facts import level_one_in_rail, loan_with_empty_deck, mines_used, usable_beer
from brass_nb.explain.names import localize

INDUSTRY = {"cotton": "紡績所", "manufacturer": "製造所", "pottery": "陶器工場", "coal": "炭鉱", "iron": "製鉄所",
            "brewery": "醸造所", "port": "港", "shipyard": "造船所"}
RESOURCE = {"coal": "石炭", "iron": "鉄", "beer": "ビール", "slot": "建設枠", "merchant": "商人", "loan": "借金"}
ERA = {"canal": "運河時代", "rail": "鉄道時代"}
GOODS = {"cotton": "綿製品", "manufacturer": "工業製品", "pottery": "陶器"}
"""商人が買うもの: 産業（施設）ではなく、その施設の製品。"""
PHASE = {"double_cards": "カード2枚での建設で捨てる2枚の指定（`discard A, B`）",
         "sell": "売却の続き（別の施設を売るか終了）", "rail2": "2本目の鉄道（または終了）",
         "develop2": "2枚目の開発（または終了）", "bonus_develop": "ビール特典の無料開発（または終了）",
         "shortfall": "負の収入を払うための産業の取り除き"}
COUNTER = {"coal": "個", "iron": "個", "beer": "樽"}
PRODUCT = {"coal": "coal", "iron": "iron", "brewery": "beer"}
TRADE = {"merchant": "商人", "port": "港または外部地域"}
NO_TRADE = {"merchant": "どの商人とも", "port": "港にも外部地域にも"}
"""「…つながっていません」の前: どの市場接続アイコンにもつながっていないこと。"""
PRINTED = {"merchant": "商人の地点に印刷", "external": "外部地域に印刷"}
EDITION_NOTE = {"divider": "仕切りタイルの下に置かれ", "face_down": "無作為に裏向きで脇に置かれ"}


JSON_KIND = {"list": "リスト", "string": "文字列", "number": "数値", "true or false": "真偽値", "null": "null"}
"""解答の本体がオブジェクトでないときの中身（brass_nb.classroom.answers）。"""

FILE_KIND = {"folder": "フォルダー", "pipe": "パイプ", "socket": "ソケット", "device": "デバイス",
             "other": "通常のファイル以外のもの"}
"""ファイルでないパスが指すもの（brass_nb.rules.files）。"""


def _suggestion(f: dict) -> str:
    """The end of a "name not found" sentence: the name the learner may have meant (what to type, and what it is in
    Japanese), or just the full stop."""
    said = f.get("suggestion")
    if not said:
        return "。"
    words = localize(said, "ja")
    return f"。もしかして `{said}`" + (f"（{words}）" if words != said else "") + "のことですか？"


def act(action: object) -> str:
    """An action named in a step's facts (its notation or its fields), in the words every Japanese screen uses."""
    # (imported here: that module words actions with this one's words)
    from brass_nb.explain.actions import describe

    return describe(action, "ja")


def player(i: int) -> str:
    return f"プレイヤー{i + 1}"


def money(n: int) -> str:
    return f"{n}ポンド" if n >= 0 else f"-{-n}ポンド"


def either(items: list[str]) -> str:
    return "または".join(str(i) for i in items)


def _option(option: list[str] | str) -> str:
    """One way to take cubes or barrels (a source per cube) as a choice is named: 「A、B」."""
    names = option if isinstance(option, list) else [option]
    return "「" + "、".join(_choice_name(n) for n in names) + "」"


def _choice_name(name: str) -> str:
    """A source or an amount as a Japanese screen shows it: 「市場」, 「30ポンド」 (not the notation's £30)."""
    if name == "market":
        return "市場"
    return money(int(name[1:])) if name.startswith("£") and name[1:].isdigit() else name


def cubes(n: int, resource: str) -> str:
    return f"{RESOURCE[resource]}{n}{COUNTER[resource]}"


def tile(industry: str, level: int) -> str:
    return f"レベル{level}の{INDUSTRY[industry]}"


def links(n: int) -> str:
    return "同じ地点（距離0）" if n == 0 else f"距離{n}（運輸タイル{n}枚）"


def _candidates(cands: list[dict]) -> str:
    return "、".join(f"{c['source']}（{player(c['owner'])}、{cubes(c['cubes'], 'coal')}、{links(c['distance'])}）"
                    for c in cands)


def _route(route: list[str]) -> str:
    return "同じ地点にあります" if len(route) == 1 else " → ".join(route) + "とつながっています"


def prices(paid: list[int]) -> str:
    """買った資源の値段: 1個ならその値段、複数なら内訳と合計。"""
    total = money(sum(paid))
    return f"{total}で" if len(paid) == 1 else f"{' + '.join(money(p) for p in paid)}、合計{total}で"


def _next_nearest(f: dict) -> str:
    """最も近い炭鉱の石炭が足りない時、次に近い炭鉱から取ることを述べる。"""
    used = mines_used(f)
    if len(used) < 2:
        return ""
    (first, held), rest = used[0], f["from_mines"] - used[0][1]
    return (f"最も近い{'と'.join(first)}には{cubes(held, 'coal')}しかないので、残りの{rest}個は次に近い"
            f"{'、その次に'.join('と'.join(names) for names, _ in used[1:])}から取ります。")


def _coal_nearest(f: dict) -> str:
    text = (f"{f['consumer']}には{cubes(f['need'], 'coal')}が必要です。石炭は、つながっている（誰の輸送路でもよい）"
            f"炭鉱のうち、石炭が残っている最も近いものから無料で取ります。持ち主は問いません。"
            f"つながっている炭鉱: {_candidates(f['candidates'])}。")
    text += _next_nearest(f)
    if f["tie"]:
        text += f"{'と'.join(f['tie'])}は同じ距離なので、どちらを使うかはプレイヤーが選びます。"
    if f["from_mines"] < f["need"]:
        text += f"炭鉱には{f['from_mines']}個しかないので、残りは市場から買います。"
    return text


def _coal_market(f: dict) -> str:
    why = "つながっている炭鉱に石炭がない" if f["why"] == "no_mine" else "つながっている炭鉱の石炭が足りない"
    return (f"{why}ので、{cubes(f['count'], 'coal')}を石炭市場から{'、'.join(money(p) for p in f['prices'])}で"
            f"買います（安い枠から。市場が空なら1個{money(f['empty_price'])}）。市場から買うには市場接続アイコン"
            f"（{TRADE[f['trade_kind']]}）へつながっている必要があります。{f['consumer']}につながっている市場接続アイコン: "
            f"{'、'.join(f['merchants'])}。")


def _coal_no_source(f: dict) -> str:
    have = (f"つながっている炭鉱には{f['from_mines']}個しかありません。" if f["candidates"]
            else "つながっている炭鉱に石炭がありません。")
    return (f"{f['consumer']}には{cubes(f['need'], 'coal')}が必要です。{have}市場から買うには市場接続アイコンへ"
            f"つながっている必要がありますが、{f['consumer']}は{NO_TRADE[f['trade_kind']]}つながっていません。")


def _iron_works(f: dict) -> str:
    works = "、".join(f"{c['source']}（{player(c['owner'])}、{cubes(c['cubes'], 'iron')}）" for c in f["candidates"])
    return (f"{cubes(f['need'], 'iron')}が必要です。鉄は盤上のどの製鉄所からでも無料で取れます。つながっている必要はなく、"
            f"最も近いものから取るという決まりもありません: {works}。")


def _iron_market(f: dict) -> str:
    why = "盤上に鉄がない" if f["why"] == "no_works" else "製鉄所の鉄が足りない"
    if not f["market_cubes"]:
        bought = f"{cubes(f['count'], 'iron')}を鉄市場から買います。鉄市場は空なので、1個{money(f['empty_price'])}です（市場が空の時の値段）。"
    else:
        bought = (f"{cubes(f['count'], 'iron')}を鉄市場から{'、'.join(money(p) for p in f['prices'])}で買います"
                  f"（安い枠から。空なら1個{money(f['empty_price'])}）。")
    return f"{why}ので、{bought}鉄には輸送路のつながりは不要です。"


def _beer_parts(f: dict) -> str:
    parts = []
    if f["own"]:
        parts.append("自分の醸造所（つながり不要）: "
                     + "、".join(f"{c['source']}（{cubes(c['cubes'], 'beer')}）" for c in f["own"]))
    if f["connected"]:
        parts.append(f"{_beer_place(f)}とつながっている他人の醸造所: "
                     + "、".join(f"{c['source']}（{player(c['owner'])}、{links(c['distance'])}）"
                                for c in f["connected"]))
    if f["merchant"] and f["merchant_beer"]:
        parts.append(f"{f['merchant']}の隣の商人のビール（その商人の特典つき）")
    return "／".join(parts)


def _beer_sources(f: dict) -> str:
    return f"{cubes(f['need'], 'beer')}が必要です。使えるビール: {_beer_parts(f)}。"


def _beer_short(f: dict) -> str:
    usable_n = usable_beer(f)
    what = "この施設は売れません" if f["merchant"] else "2本目の鉄道は建設できません"
    text = (f"{cubes(f['need'], 'beer')}が必要ですが、ここで使えるのは"
            + (f"{usable_n}樽だけ" if usable_n else "0樽") + f"なので、{what}（ビールは買えません）。")
    usable = _beer_parts(f)
    if usable:
        text += f"使えるのは{usable}です。"
    if f["unconnected"]:
        text += (f"他人の醸造所は{_beer_place(f)}とつながっていなければ使えません。つながっていないもの: "
                 + "、".join(c["source"] for c in f["unconnected"]) + "。")
    return text


def _beer_place(f: dict) -> str:
    """ビールが必要な場所: 売る施設か、置いたばかりの2本目の鉄道（どちらかの端につながっていればよい）。"""
    return f"新しい鉄道（{f['at']}）" if f.get("rail") else f["at"]


def _build_card(f: dict) -> str:
    where, what = f["location"], INDUSTRY[f["industry"]]
    if f["why"] == "virtual_link":
        return (f"産業カード「{f['card']}」では、自分のネットワーク内の地点に{what}を建設できます。{f['near']}が自分の"
                f"ネットワーク内にあるので、{where}に建設できます。{f['edition']}の仮想接続（{f['near']}→{where}の"
                f"一方向）は、産業カードで建設する時だけ数えます。")
    if f.get("card_kind") == "wild_industry":
        wild = f"ワイルド産業は好きな産業カードとして使えます。ここでは{what}の産業カードとして使い、"
        if f["why"] == "first_build":
            return wild + f"盤上に自分のタイルがまだ一つもないので、{what}を置ける好きな地点に建設できます（最初の建設の例外）。"
        return wild + f"自分のネットワーク内の地点に建設します。{where}は自分のネットワーク内です。"
    return {
        "location_card": f"都市カード「{f['card']}」では、自分のネットワークの内外を問わず、その地点の枠に置ける産業を建設できます。",
        "wild_location": f"ワイルド都市は{where}の都市カードとして使えます。",
        "network": f"産業カード「{f['card']}」では、その産業（{what}）を自分のネットワーク内の地点に建設できます。{where}は自分のネットワーク内です。",
        "two_cards": f"カード2枚を合わせて任意の都市カードとして使います。ここでは{where}の都市カードです。",
        "first_build": f"盤上に自分のタイルがまだ一つもないので、産業カード「{f['card']}」で{what}を置ける好きな地点に建設できます（最初の建設の例外）。",
    }[f["why"]]


def _tile_era(f: dict) -> str:
    lowest = f"残っている最も低い{INDUSTRY[f['industry']]}はレベル{f['level']}で、"
    if not f["eras"]:
        return lowest + "建設できないタイルです。先に開発で取り除いてください。"
    if f["eras"] != ["rail"]:
        return f"{lowest}{ERA[f['era']]}には建設できません。先に開発で取り除いてください。"
    return (f"{lowest}個人ボードの鉄道印だけの枠にある鉄道時代専用のタイルなので、{ERA[f['era']]}には建設できません。"
            f"鉄道時代になれば建設できます。")


def _slot(f: dict) -> str:
    why = {"single_icon": "その産業だけが描かれた空き枠を優先して使います",
           "no_single_icon_free": "その産業専用の空き枠がないので、2種類のアイコンがある枠を使います",
           "overbuild": "同じ種類の低いレベルのタイルを置き換えます（上書き建設）"}[f["why"]]
    return f"建設枠{f['slot']}: {why}。"


def _slot_taken(f: dict) -> str:
    reasons = []
    for b in f["blocked"]:
        held = f"{b['slot']}には{player(b['owner'])}の{tile(b['industry'], b['level'])}"
        why = {
            "other_industry": "があり、別の産業です",
            "not_higher": f"があり、上書き建設にはそれより高いレベルが必要です（こちらはレベル{f['level']}）",
            "not_coal_or_iron": "があり、他人の産業で上書きできるのは炭鉱と製鉄所だけです",
            "resource_left": (f"があり、他人の{INDUSTRY[b['industry']]}を上書きできるのは{RESOURCE.get(b.get('resource'), '')}が"
                              f"盤上にも市場にも一つもない時だけですが、盤上に{b.get('board')}個、市場に{b.get('market')}個残っています"),
        }[b["why"]]
        reasons.append(held + why)
    return f"{f['location']}の{INDUSTRY[f['industry']]}の枠はすべて埋まっています: " + "。".join(reasons) + "。"


def _money_short(f: dict) -> str:
    parts = [f"建設費{money(f['cost'])}"] if "cost" in f else []
    if f.get("coal_market"):
        parts.append(f"市場の石炭{money(f['coal_market'])}")
    if f.get("iron_market"):
        parts.append(f"市場の鉄{money(f['iron_market'])}")
    return f"合計{money(f['need'])}（{'、'.join(parts)}）が必要ですが、所持金は{money(f['have'])}です。"


def _flip(f: dict) -> str:
    why = {"sold": "売却されたので", "emptied": "最後の資源が使われたので", "sold_to_market": "資源をすべて市場へ売ったので",
           "built": "造船所なので建設と同時に", "port_used": "綿がこの港を通じて売られたので"}[f["why"]]
    return (f"{player(f['owner'])}の{tile(f['industry'], f['level'])}（{f['slot']}）は{why}裏返り、稼働済みになります。"
            f"時代の終わりに{f['vp']}勝利点になります。")


def _income_advance(f: dict) -> str:
    why = {"flip": "稼働したタイルの収入分", "merchant_bonus": "商人のビール特典で",
           "distant_market": "遠方市場のボーナスで"}[f["why"]]
    return (f"{player(f['player'])}の収入マーカーが{why}{f['spaces']}マス進みます: {f['from_space']}のマス → "
            f"{f['to_space']}のマス、収入レベル{f['from_level']} → {f['to_level']}。収入はレベルの数ではなく、マスの数だけ進みます。"
            + (f"収入トラックは{f['to_space']}のマスで終わりなので、残りは無駄になります。"
               if f["to_space"] - f["from_space"] < f["spaces"] else ""))


def _market_sell(f: dict) -> str:
    res = f["resource"]
    why = ("製鉄所を建てたので、鉄を鉄市場へ売ります" if f["why"] == "iron_works" else
           f"市場接続アイコン（{'、'.join(f.get('merchants', []))}）へつながる炭鉱を建てたので、石炭を石炭市場へ売ります")
    earned = ("、".join(money(p) for p in f["prices"]) + f"、合計{money(f['total'])}" if len(f["prices"]) > 1
              else money(f["total"]))
    return (f"{why}: {cubes(f['count'], res)}で市場の高い空き枠から順に埋め、{earned}を受け取ります。"
            f"タイルには{f['left']}個残ります。")


def _link(f: dict) -> str:
    if f["why"] == "first_link":
        return f"盤上に自分のタイルが一つもないので、最初の輸送路は好きな未建設の線に置けます: {f['link']}（{ERA[f['era']]}）。"
    return f"{f['link']}は{'、'.join(f['touching'])}で自分のネットワークに接しています（{ERA[f['era']]}）。"


def _link_part(p: dict, counts: str) -> str:
    if "printed" in p:
        return f"{PRINTED[p['kind']]}: アイコン{p['icons']}個"
    what = f"{player(p['owner'])}の稼働済み{tile(p['industry'], p['level'])}"
    return what if counts == "tiles" else f"{what}: アイコン{p['icons']}個"


def _link_score(f: dict) -> str:
    ends = []
    for e in f["ends"]:
        parts = [_link_part(p, f["counts"]) for p in e["parts"]]
        ends.append(f"{e['location']} {e['icons']}" + (f"（{'、'.join(parts)}）" if parts else ""))
    n = len(f["ends"])
    where = "両端" if n == 2 else f"接している{n}か所すべて"
    note = "" if n == 2 else f"この運輸タイルは{n}か所に接し、{n}か所とも得点に入ります。"
    what = (f"のリンク得点アイコンを数えます（{note}産業の枚数やその勝利点ではありません）" if f["counts"] == "icons" else
            f"の稼働済み産業タイルを1枚1点で数え、印刷されたアイコンを足します（{note}タイルの勝利点や収入ではありません）")
    return f"{player(f['owner'])}の運輸タイル「{f['link']}」は{where}{what}: {' + '.join(ends)} = {f['vp']}勝利点。"


def _turn_order(f: dict) -> str:
    spent = "、".join(f"{player(int(i))}: {money(n)}" for i, n in f["spent"].items())
    return (f"このラウンドの支出: {spent}。支出が少ない順に次の手番順を決めます（同額なら今の順番のまま。借金は支出ではない）: "
            f"{' → '.join(player(i) for i in f['after'])}。")


TIE_BREAK = {"vp": "勝利点", "income_level": "収入レベル", "money": "所持金",
             "turn_order": "最終ラウンド後の手番順が早い方"}
LOWER = {"vp": "勝利点が少ない", "income_level": "収入レベルが低い", "money": "所持金が少ない",
         "turn_order": "最終の手番順が後"}
SAME = {"vp": "勝利点", "income_level": "収入レベル", "money": "所持金", "turn_order": "手番順"}


def _behind(by: str | None, ties: list[str]) -> str:
    """上の順位との差: それより前の基準はすべて同じで、``by`` で下回った。"""
    criteria = ["vp"] + ties
    if by is None:
        return f"{'・'.join(SAME[c] for c in criteria)}がすべて同じで同順位"
    equal = criteria[:criteria.index(by)]
    return (f"{'と'.join(SAME[c] for c in equal)}は同じで" if equal else "") + LOWER[by]


def _ranking(f: dict) -> str:
    rows = []
    for i, r in enumerate(f["ranking"]):
        row = f"{r['place']}位 {player(r['player'])}: {r['vp']}勝利点、収入レベル{r['income_level']}、{money(r['money'])}"
        if i:
            row += f"（{_behind(r['behind_by'], f['tie_breaks'])}）"
        rows.append(row)
    order = "、同点なら".join(TIE_BREAK[c] for c in ["vp"] + f["tie_breaks"])
    return f"最終順位（{order}）: " + "／".join(rows) + "。"


def _winners(rows: list[dict]) -> str:
    """最終順位から勝者: 1人、または1位を分け合ったプレイヤーたち。"""
    first = [r for r in rows if r["place"] == 1]
    if len(first) == 1:
        return f"{player(first[0]['player'])}が{first[0]['vp']}勝利点で勝ちました。"
    return f"{'と'.join(player(r['player']) for r in first)}が{first[0]['vp']}勝利点で1位を分け合いました。"


def _question(f: dict) -> str:
    """クイズの拒否がどの問題についてか（ゲームから作ったクイズなら何も付けない）。"""
    return f"レッスン{f['lesson']}の問題{f['number']}: " if f.get("lesson") else ""


def _build_cards(f: dict) -> str:
    what = f"{f['slot']}に{INDUSTRY.get(f['industry'], f['industry'])}を建設できる"
    if not f["cards"]:
        return f"{_question(f)}手札には、{what}カードがありません。この問題には、そのカードがちょうど1枚必要です。"
    return (f"{_question(f)}手札の{'、'.join(f['cards'])}の{len(f['cards'])}枚で{what}ので、答えが1つに決まりません。"
            f"この問題には、そのカードがちょうど1枚必要です。")


def _era_continues(f: dict) -> str:
    if f["era"] == "canal":
        return f"{_question(f)}「{act(f['action'])}」では運河時代が終わらないので、盤から取り除かれる産業タイルはありません。"
    return f"{_question(f)}「{act(f['action'])}」は鉄道時代のアクションなので、運河時代を終わらせることはありません。"


def _coal_sources(f: dict) -> str:
    if f["mines"]:
        text = (f"{f['location']}で使う石炭は、つながっている炭鉱のうち石炭がある最も近いものから取ります: "
                f"{_candidates(f['mines'])}。最も近いのは{either(f['nearest'])}"
                + ("（同じ距離なのでプレイヤーが選ぶ）。" if len(f["nearest"]) > 1 else "。"))
    else:
        text = f"{f['location']}につながっている炭鉱に石炭はありません。"
    if f["unconnected"]:
        text += f"つながっていないので使えない炭鉱: {'、'.join(c['source'] for c in f['unconnected'])}。"
    if f["merchants"]:
        text += (f"{'つながった炭鉱の石炭がなくなれば、' if f['mines'] else ''}{'、'.join(f['merchants'])}を通じて石炭市場から買えます"
                 f"（次の1個は{money(f['market_price'])}）。")
    else:
        text += f"市場接続アイコン（{TRADE[f['trade_kind']]}）へつながっていないので、石炭市場からは買えません。"
    return text


def _held(f: dict) -> str:
    """炭鉱・製鉄所・醸造所が建設時に載せる数（建設できる時代ごと）。"""
    counts = [(era, f["cubes"][era]) for era in f["eras"] if f["cubes"].get(era)]
    if not counts:
        return ""
    if len({n for _, n in counts}) == 1:
        return f"建設すると{cubes(counts[0][1], f['resource'])}を載せます。"
    return "建設すると" + "、".join(f"{ERA[era]}は{cubes(n, f['resource'])}" for era, n in counts) + "を載せます。"


def _next_tile(f: dict) -> str:
    what = INDUSTRY[f["industry"]]
    if f["level"] is None:
        return f"{player(f['player'])}の個人ボードには{what}のタイルが残っていません。"
    text = (f"{player(f['player'])}が次に使う{what}は、個人ボードに残る最も低いレベル{f['level']}です（レベル"
            f"{f['level']}は{f['printed']}枚のうち{f['left']}枚残っています）。")
    if not f["eras"]:
        return text + "このタイルは建設できず、開発で取り除くしかありません。"
    text += (f"建設費は{money(f['cost'])}" + (f"と{cubes(f['coal'], 'coal')}" if f["coal"] else "")
             + (f"と{cubes(f['iron'], 'iron')}" if f["iron"] else "") + "です。")
    if f["resource"]:
        text += _held(f)
    elif f["beer"]:
        text += f"売るには{cubes(f['beer'], 'beer')}が必要です。"
    text += f"稼働すると{f['vp']}勝利点になり、持ち主の収入マーカーを{f['income']}マス進めます。"
    text += (f"リンク得点アイコンが{f['link_vp']}個あり、時代の終わりにこの地点に接する運輸タイルはそれぞれ"
             f"{f['link_vp']}点を得ます。" if f["link_counts"] == "icons" else
             "時代の終わりにこの地点に接する運輸タイルは、この施設1枚につき1点を得ます。")
    text += f"{ERA[f['eras'][0]]}だけ建設できます。" if len(f["eras"]) == 1 else "どちらの時代でも建設できます。"
    if not f["developable"]:
        text += "電球に斜線の印があるので開発では取り除けず、建設して使うしかありません。"
    return text


def _income_space(f: dict) -> str:
    band = (f"このレベルのマスは{f['first_space']}だけ" if f["band_size"] == 1
            else f"{f['first_space']}〜{f['last_space']}のマスが同じレベル")
    loan = (f"ここから{money(f['loan_money'])}を借金すると{f['loan_levels']}レベル下がってレベル{f['loan_level']}、"
            f"その最も高いマス{f['loan_space']}へ移ります。" if f["loan_level"] is not None else
            f"ここからは{money(f['loan_money'])}の借金はできません（レベルが{f['lowest']}を下回る）。")
    return f"{f['space']}のマスは収入レベル{f['level']}です（{band}）。{loan}"


def _bonus(f: dict) -> str:
    text = {"money": f"銀行から{money(f['amount'])}", "vp": f"{f['amount']}勝利点",
            "income_spaces": f"収入マーカーを{f['amount']}マス前進", "free_develop": "鉄なしで1枚開発（電球に斜線の陶器工場は不可）"}[f["bonus"]]
    return (f"{player(f['player'])}は{f['merchant']}の隣の商人のビールを使ったので、商人のビール特典を受け取ります: {text}。"
            f"特典は商人のビールを使った時だけです。")


def _scenario_shortfall(f: dict) -> str:
    who, owed = f"プレイヤー{f['player']}", money(f["owed"])
    if f["why"] == "position":
        return f"{at(f)}{who}は手番順の{f['position']}番目ではないので、この支払い不足はそのプレイヤーのものではありません。"
    if f["why"] == "owed":
        if f["level"] is None or f["level"] >= 0:
            return f"{at(f)}{who}の収入レベルは負ではないので、収入の時に払うものはありません。"
        return (f"{at(f)}{who}の不足額は{owed}と書かれていますが、収入レベル{f['level']}で払うのは{money(-f['level'])}です。"
                f"負の収入はレベルの数だけポンドを払います。")
    if f["why"] == "cash":
        return (f"{at(f)}{who}は{money(f['money'])}を持っていて、負の収入{owed}を払えます。その場合、産業を取り除く"
                f"選択のためにゲームが止まることはありません（施設を任意に売り払うことはできません）。")
    zero = f["worthless"]
    tiles = f"（{'、'.join(zero)}は取り除いても{money(0)}です）" if zero else ""
    return (f"{at(f)}{who}は{owed}を払う必要があり、現金は{money(f['money'])}ですが、取り除いてお金になる産業が"
            f"ありません{tiles}。そのためゲームは選択を待たず、現金を払い、足りない1ポンドにつきすぐに1勝利点を失います。"
            f"この場面を見せるには、ラウンドの収入より前の局面を書き、そこまでプレイしてください。")


def _extra_beer(f: dict) -> str:
    need = "ビールは要りません" if f["need"] == 0 else f"必要なビールは{f['need']}樽です"
    text = (f"{f['slot']}の{tile(f['industry'], f['level'])}を売るのに{need}が、アクションでは"
            f"{len(f['chosen'])}樽（{'、'.join(f['chosen'])}）を指定しています。")
    if f["merchant_beer"]:
        return text + f"{f['merchant']}の商人の特典を取るために、必要以上のビールを消費することはできません。"
    return text + "売却で使うビールは、タイルに必要な数だけです。"


def _kept(slots: list[str]) -> str:
    if not slots:
        return ""
    return f"{'、'.join(slots)}は取り除いても{money(0)}にしかならない（建設費{money(0)}の半額）ので、盤に残ります。"


def _settle(f: dict) -> str:
    if f.get("missing"):
        return (f"{player(f['player'])}は負の収入{money(f['owed'])}のうち{money(f['paid'])}を払い、足りない"
                f"{money(f['missing'])}の分だけ{f['vp_lost']}勝利点を失います（{money(1)}につき1点、0未満にはならない）。"
                + _kept(f.get("kept", [])))
    return (f"{player(f['player'])}は負の収入（収入レベル{f['level']}）として{money(f['owed'])}を銀行へ払います。"
            f"残金{money(f['money_now'])}。")


def _rail_begins(f: dict) -> str:
    text = (f"全員の捨て札と、運河時代に引かれなかったカードをすべて混ぜて鉄道時代の山札にし、各自{f['hand_size']}枚まで"
            f"引きます（手札{'、'.join(map(str, f['hands']))}枚、山札の残り{f['deck']}枚）。")
    if f["set_aside"]:
        text += f"{f['edition']}: {f['set_aside']}枚が{EDITION_NOTE[f['set_aside_how']]}、この時代には引かれません。"
    if f.get("divider"):
        text += (f"{f['edition']}: 仕切りタイルを山札の下から{f['divider']}枚の位置に差し込みます。その下のカードも引きます。"
                 f"仕切りタイルが現れたら、その次のラウンドが借金のできる最後のラウンドです。")
    stays = "、".join(f"{player(i)}は{m['space']}のマス（収入レベル{m['level']}）" for i, m in enumerate(f["income"]))
    return text + f"手番順はそのまま引き継ぎます。時代が変わっても収入マーカーは動きません: {stays}のままです。"


def _first_round(f: dict) -> str:
    """時代の最初のラウンドでは、その手番のアクション数と理由（短いのは運河時代の最初のラウンドだけ）。"""
    if f["round"] != 1 or f["first_canal_round"] == f["usual"]:
        return ""
    if f["era"] == "canal":
        return (f"（{f['actions']}アクション。運河時代の最初のラウンドは1手番{f['per_turn']}アクション、以降のラウンドは"
                f"{f['usual']}アクション）")
    return (f"（{f['actions']}アクション。{ERA[f['era']]}の最初のラウンドは1手番{f['per_turn']}アクションで、"
            f"{f['first_canal_round']}アクションなのは運河時代の最初のラウンドだけ）")


def _turn_end(f: dict) -> str:
    if f["refill"] == "end_of_round":
        return (f"{player(f['player'])}の手番終了{_first_round(f)}: 手札{f['hand']}枚（{f['edition']}: 手札の補充は、"
                f"ラウンドの新しい手番順が決まった後です）。")
    return (f"{player(f['player'])}の手番終了{_first_round(f)}: {f['drawn']}枚引いて手札{f['hand']}枚、"
            f"山札の残り{f['deck']}枚。")


def _loan_deck(f: dict) -> str:
    """山札がなくなった後の借金: できる（ランカシャーでは版ごとの鉄道時代の終わりまで）。"""
    case = loan_with_empty_deck(f)
    if case is None:
        return ""
    if case == "never":
        return f"山札はなくなっていますが、{f['game']}では借金できます。"
    if case == "divider_round":
        return (f"山札はなくなっていますが、{f['edition']}では仕切りタイルが現れた次のラウンド（第{f['last_loan_round']}"
                f"ラウンド）の終わりまで借金できます。")
    stop = ("鉄道時代の山札がなくなってから" if case == "canal_rail_deck_empty"
            else "鉄道時代の仕切りタイルが現れた次のラウンドの後")
    return (f"山札はなくなっていますが、運河時代なので{f['game']}（{f['edition']}）でも借金できます（できなくなるのは"
            f"{stop}です）。")


def _whole_action(cost: dict) -> str:
    return "、".join([money(cost["cost"])] + [cubes(cost[r], r) for r in ("coal", "beer") if cost[r]])


def _rounds(counts: dict) -> str:
    canal, rail = counts["canal"], counts["rail"]
    return f"各時代{canal}ラウンド" if canal == rail else f"運河時代{canal}ラウンド、鉄道時代{rail}ラウンド"


def _rounds_per_era(f: dict) -> str:
    rows = "、".join(f"{c['players']}人は山札{c['deck']}枚で{_rounds(c['rounds'])}" for c in f["counts"])
    text = (f"{f['game']}では1アクションごとにカードを1枚使い、山札と全員の手札がなくなると時代が終わるので、ラウンド数は"
            f"人数で決まります: {rows}。手札は各自{f['hand_size']}枚、1手番は{f['per_turn']}アクションです（運河時代の"
            f"最初のラウンドだけ{f['first_canal_round']}アクション）。")
    if f["face_down"]:
        text += f"運河時代の開始時に各自{f['face_down']}枚を裏向きで捨てます。"
    if f["set_aside"]:
        text += f"{f['edition']}: 一部のカードは脇に置かれ、引かれません。"
    mine = next(c for c in f["counts"] if c["players"] == f["players"])
    return text + f"このゲームは{f['players']}人なので{_rounds(mine['rounds'])}です。"


def _round_refill(f: dict) -> str:
    draws = "、".join(f"{player(i)}: {f['drawn'][str(i)]}枚" for i in f["order"])
    return (f"{f['edition']}: 新しい手番順が決まった後、その順に全員が手札を補充します（引いた枚数 {draws}）。"
            f"手札{'、'.join(map(str, f['hands']))}枚、山札の残り{f['deck']}枚。")


def _drawn_tile(f: dict) -> str:
    return (f"{f['edition']}: 引いたタイルは山の一番下に戻す" if f["drawn_tiles"] == "bottom"
            else f"{f['edition']}: 引いたタイルは時代の終わりまで戻さない")


SAVE_KINDS = {"missing": "なし", "null": "null", "boolean": "真偽値", "integer": "整数", "number": "小数",
              "text": "文字列", "list": "リスト", "object": "オブジェクト",
              "action_list": "文字列で書いたアクションのリスト"}


def _save_field(f: dict) -> str:
    expected = SAVE_KINDS[f["expected"]]
    if f["found"] == "missing":
        return f"セーブファイルに「{f['field']}」がありません。{expected}が必要です。"
    return f"セーブファイルの「{f['field']}」が{SAVE_KINDS.get(f['found'], f['found'])}です。{expected}でなければなりません。"


def _save_format(f: dict) -> str:
    if f["holds"] != "object":
        return (f"brass_nbのセーブファイルではありません。中身が{SAVE_KINDS.get(f['holds'], f['holds'])}で、"
                f"形式 '{f['expected']}' のオブジェクトではありません。")
    found = f"形式が '{f['found']}' です" if f["found"] is not None else "形式の項目がありません"
    return f"brass_nbのセーブファイルではありません。{found}（'{f['expected']}' が必要）。"


def at(f: dict) -> str:
    return f"{f['line']}行目: " if f.get("line") else ""


SCENARIO_FIELD = {"level": "レベル", "money": "所持金", "vp": "勝利点", "spent": "支出", "income space": "収入マス",
                  "market": "{resource}市場の数", "merchant beer": "{space}のビール", "wild cards": "{wild}の枚数",
                  "era and round": "時代とラウンド", "distant marker": "遠方市場マーカー",
                  "distant tiles": "遠方市場タイル"}
SCENARIO_MUST = {"era_round": "`canal` か `rail`、ラウンドは1以上", "tile_set": "この人数で使うタイルの組にあるもの"}


def _scenario_value(f: dict) -> str:
    who = f"プレイヤー{f['player']}の" if f.get("player") else ""
    field = SCENARIO_FIELD[f["field"]].format(resource=RESOURCE.get(f.get("resource"), f.get("resource")),
                                              space=f.get("space"), wild=f.get("wild"))
    must = (SCENARIO_MUST[f["must"]] if "must" in f
            else f"{f['low']}から{f['high']}まで" if f["high"] is not None else f"{f['low']}以上")
    value = (f"`{f['value']}`" if f.get("must") == "era_round"
             else "、".join(map(str, f["value"])) if isinstance(f["value"], list) else f["value"])
    return f"{at(f)}{who}{field}が{value}になっています。{must}でなければなりません。"


def _scenario_no_tile(f: dict) -> str:
    text = (f"{at(f)}プレイヤー{f['player']}には置ける{tile(f['industry'], f['level'])}が残っていません"
            f"（個人ボードに印刷された枚数は{f['printed']}")
    if "on_mat" in f:
        text += f"、盤上に{f['on_board']}枚、個人ボードに{f['on_mat']}枚"
    return text + "）。"



ACTION = {"build": "建設", "network": "輸送網を広げる", "develop": "開発", "sell": "売却", "loan": "借金",
          "scout": "偵察", "pass": "パス", "done": "終了", "discard": "捨て札", "remove": "取り除き"}


def action_kind(kind: str) -> str:
    """「建設のアクション」、ただし動詞の名前には「の」を付けない（「輸送網を広げるアクション」、ルール文 000 の言い方）。"""
    name = ACTION[kind]
    return f"{name}アクション" if name.endswith("る") else f"{name}のアクション"

MEASURE = {"vp": "勝利点（時代の終わりの得点計算を含めて）が最も多くなる", "money": "所持金が最も多くなる",
           "income": "収入レベルが最も高くなる"}
GOALS: dict[str, Callable[[dict], str]] = {
    "builds": lambda f: (f"{f['location']}に" if f.get("location") else "") + f"{INDUSTRY[f['industry']]}を建設します。",
    "sells": lambda f: f"{_wanted_sale(f)}を売却します。",
    "network_has": lambda f: f"{f['location']}を自分のネットワークに入れます。",
    "kind": lambda f: f"{action_kind(f['kind'])}を行います。",
    "no_market": lambda f: f"{RESOURCE[f['resource']]}を市場から買わずに済ませます。",
    "source": lambda f: f"{f['location']}の{RESOURCE[f['resource']]}を使います。",
    "first_next_round": lambda f: "次のラウンドで最初に手番を行います。",
    "best": lambda f: f"{MEASURE[f['measure']]}アクションを行います。これを上回る合法なアクションがあってはいけません。",
}
"""「あなたの番」の課題が求めること。目標の条件（brass_nb.quizbank.goals）ごとに一文。"""


def _goal(f: dict, met: str, missed: str) -> str:
    return f"目標達成: {met}。" if f["ok"] else f"目標に届きません: {missed}。"


def _wanted_build(f: dict) -> str:
    return (f"{f['location']}での" if f.get("location") else "") + INDUSTRY[f["industry"]]


def _built(f: dict) -> str:
    return "、".join(f"{s}の{INDUSTRY[i]}" for s, i in zip(f["built"], f["built_industries"], strict=True))


def _wanted_sale(f: dict) -> str:
    where = f"{f['location']}の" if f.get("location") else ""
    return where + (INDUSTRY[f["industry"]] if f.get("industry") else "産業")


def _choice_invalid(f: dict) -> str:
    """選べない取り方。取り先の数が合わないときは、いくつ必要かも言う。"""
    sizes = {len(o) for o in f["options"]}
    count = ""
    if f["resource"] in ("coal", "iron", "beer") and len(sizes) == 1 and len(f["chosen"]) not in sizes:
        unit = "樽" if f["resource"] == "beer" else "個"
        count = f"（必要なのは{sizes.pop()}{unit}で、指定は{len(f['chosen'])}{unit}です）"
    return (f"{RESOURCE.get(f['resource'], f['resource'])}を{_option(f['chosen'])}から取ることはできません{count}。"
            f"取れるのは{either([_option(o) for o in f['options']])}です。")


def _first_next_round(f: dict) -> str:
    spent = "、".join(f"{player(i)} {money(n)}" for i, n in enumerate(f["spent"]))
    basis = f"このラウンドの支出: {spent}" if f["decided"] else f"ここでラウンドが終わった場合。現在までの支出: {spent}"
    if f["ok"]:
        return f"目標達成: 次のラウンドは{player(f['first'])}が最初に手番を行います（{basis}）。"
    return (f"目標に届きません: 次のラウンドで最初に手番を行うのは{player(f['player'])}ではなく{player(f['first'])}です"
            f"（{basis}。支出の少ない順で、同額なら今の手番順のままです）。")


def _measured(measure: str, n: int) -> str:
    return {"vp": f"{n}勝利点", "money": money(n), "income": f"収入レベル{n}"}[measure]

def _wrong_source(f: dict) -> str:
    res, why = RESOURCE[f["resource"]], f["why"]
    if why == "farther":
        return (f"{f['option']}は{f['consumer']}とつながっていますが、{links(f['distance'])}です。{f['answer']}は"
                f"{links(f['answer_distance'])}で、石炭は石炭のある最も近いつながっている炭鉱から来ます。")
    if why == "unconnected":
        return (f"{f['option']}には石炭がありますが、{f['consumer']}と運輸タイル（誰のものでも）でつながっていません。"
                f"石炭は運輸タイルでつながっている所からしか来ません。")
    if why == "empty":
        return f"{f['option']}には{res}が残っていません。"
    if why == "other_resource":
        return f"{f['option']}は{INDUSTRY[f['industry']]}なので、あるのは{RESOURCE[f['industry']]}で、{res}ではありません。"
    if f["resource"] == "coal":
        return (f"石炭を市場から買うのは、つながっている炭鉱に石炭がないときだけです。{f['answer']}は"
                f"{links(f['answer_distance'])}でつながっていて、石炭があります。")
    return (f"鉄を市場から買うのは、盤上のどの製鉄所にも鉄がないときだけです。{f['answer']}には鉄があります"
            f"（鉄はつながっていなくても使えます）。")


def _wrong_owner(f: dict) -> str:
    who, breweries, why = player(f["player"]), "、".join(f["breweries"]), f["why"]
    if why == "unconnected":
        return f"{who}の醸造所（{breweries}）は{f['location']}とつながっていません。他のプレイヤーのビールはつながっている必要があります。"
    if why == "no_beer":
        return f"{who}には、ビールのある醸造所が盤上にありません。"
    if why == "own":
        return f"{who}自身の醸造所（{breweries}）のビールはいつでも使えます。自分の醸造所はつながっている必要がありません。"
    return f"{who}の醸造所（{breweries}）は{f['location']}とつながっているので、そのビールも使えます。"


def _marker_moves(f: dict) -> str:
    moves = []
    if f["spaces"]:
        moves.append(f"このアクションでマーカーは{f['spaces']}マス進みます")
    if f["levels"]:
        moves.append(f"借金で収入レベルが{f['levels']}下がります")
    return "。".join(moves) or "このアクションではマーカーは動きません"


def _wrong_level(f: dict) -> str:
    chosen, why = f["chosen"], f["why"]
    if why == "unchanged":
        return f"収入レベル{chosen}はアクション前のレベルです。{_marker_moves(f)}。"
    if why == "levels_not_spaces":
        return (f"収入レベル{chosen}になるのは、マーカーが{f['spaces']}レベル上がった場合です。実際には{f['spaces']}マス"
                f"進み、高いレベルほど1レベルのマスが多くなります。")
    if why == "spaces_not_levels":
        return (f"収入レベル{chosen}になるのは、借金でマーカーが{f['levels']}マス戻った場合です。借金では収入レベルが"
                f"{f['levels']}レベル下がります（マスではありません）。")
    return (f"マーカーは収入レベル{chosen}には止まりません。始まりは収入レベル{f['before']}（{f['space']}マス目）です。"
            f"{_marker_moves(f)}。")


def _wrong_order(f: dict) -> str:
    first, other = player(f["first"]), player(f["other"])
    if f["why"] == "tie":
        return (f"その手番順では{first}が{other}より先になりますが、このラウンドの支出はどちらも{money(f['spent_first'])}"
                f"です。同じ額なら今の手番順のままで、{other}が{first}より先です。")
    return (f"その手番順では{first}が{other}より先になりますが、それは{first}の支出の方が少ない場合です。このラウンドの"
            f"支出は{first}が{money(f['spent_first'])}、{other}が{money(f['spent_other'])}で、支出の少ない順に手番が"
            f"来ます（借金は支出ではありません）。")


def _wrong_tiles(f: dict) -> str:
    held = tile(f["industry"], f["level"])
    if f["why"] == "not_level_one":
        return f"{f['slot']}は{held}です。運河時代の終わりに盤から取り除かれるのはレベル1の産業だけです。"
    state = "稼働済み" if f["flipped"] else "未稼働"
    return f"{f['slot']}は{held}（{state}）です。レベル1の産業は、稼働済みかどうかに関係なくすべて取り除かれます。"


def _wrong_vp(f: dict) -> str:
    chosen, places, why = f["chosen"], "、".join(f["places"]), f["why"]
    if why == "one_end":
        return f"{chosen}勝利点は{f['location']}側の端だけを数えた数です。運輸タイルは接するすべての地点（{places}）で得点します。"
    if why == "tiles_not_icons":
        return (f"{chosen}勝利点は稼働済みのタイルと印刷のある地点の数です。運輸タイルが得点するのはタイルの数ではなく、"
                f"リンク得点アイコンの数です。")
    if f["counts"] == "icons":
        return f"{chosen}勝利点ではありません。{places}の稼働済みの産業のリンク得点アイコンと、印刷されたアイコンを合計します。"
    return f"{chosen}勝利点ではありません。{places}の稼働済みの産業タイル1枚につき1点と、印刷されたアイコンを合計します。"


# ---------------------------------------------------------------- コーチの原則と方針（brass_nb.bots）


def _plan(f: dict) -> str:
    kind = f["kind"]
    if kind == "build":
        what = f"{f['slot']}に{tile(f['industry'], f['level'])}を建設します"
    elif kind == "build_two_cards":
        what = f"カード2枚で{f['slot']}に{INDUSTRY[f['industry']]}を建設します"
    elif kind == "network":
        what = f"{'、'.join(f['links'])}に運輸タイルを置きます"
    elif kind == "sell":
        what = f"{'、'.join(f['slots'])}から売却します"
    elif kind == "develop":
        what = "個人ボードから" + "と".join(tile(t["industry"], t["level"]) for t in f["tiles"]) + "を開発で取り除きます"
    elif kind == "loan":
        what = f"{money(f['money'])}の借金をします"
    elif kind == "scout":
        what = "偵察します"
    elif kind == "pass":
        what = "パスします"
    elif kind == "done":
        return ("方針: このアクションはここで終えます。同じアクションで続けても（もう1枚のタイル、次の売却、2本目の鉄道）、"
                "得るものより費用のほうが大きくなります。")
    else:
        return f"方針: {act(f['action'])}。"
    return f"方針: {what}。"


def _beer_scarce(f: dict) -> str:
    then = ("運河時代に建てたレベル2以上の醸造所は鉄道時代まで残り、両方の時代の終わりに得点します。"
            if f["scores_twice"] else "この醸造所は、ビールが使われるたびに稼働に近づき、収入と勝利点につながります。")
    return (f"ビールは貴重です。ほとんどの売却と、1回のアクションで2本目の鉄道を建てる時にはビールが必要です。ところが、"
            f"{f['slot']}のこの醸造所が{cubes(f['barrels_new'], 'beer')}を加える前には、盤上にビールが"
            f"{f['barrels_on_board']}樽しかありません。{then}")


def _sell_to_merchant(f: dict) -> str:
    outlet = "これを買う商人" if f.get("outlet", "merchant") == "merchant" else "売却先（未稼働の港か外部地域）の"
    return (f"売れる場所に建てましょう: {f['slot']}の{tile(f['industry'], f['level'])}は、{outlet}"
            f"{'、'.join(f['merchants'])}にすでにつながっています（最も近い売却先まで距離{f['distance']}）。"
            f"すぐに売却して稼働させられます。")


def _income_early(f: dict) -> str:
    return (f"収入は早く上げるほど、その後の毎ラウンドで得をします: 収入レベルが{f['levels']}上がって{f['to_level']}になり、"
            f"残り{f['payments']}回の収入のたびにその分が支払われるので、合計でおよそ{money(f['money'])}になります。")


def _flip_before_era_end(f: dict) -> str:
    return (f"建てたタイルは時代の終わりまでに稼働させましょう。得点するのは稼働済みのタイルだけです。"
            f"{'、'.join(f['slots'])}はこれで稼働し、{ERA[f['era']]}の終わりに{f['vp']}勝利点になります"
            f"（この時代に出せるカードは残り{f['cards_left']}枚）。")


def _link_beside_flipped(f: dict) -> str:
    return (f"運輸タイルは時代の終わりに両端のリンク得点アイコンの数だけ得点します: {'、'.join(f['links'])}の両端には"
            f"アイコンが{f['icons']}個あります（稼働済みの{'、'.join(f['slots'])}と、盤に印刷されたアイコン）。"
            f"時代の終盤、隣のタイルが稼働してから置いた運輸タイルが最も多く得点します"
            f"（{ERA[f['era']]}に出せるカードは残り{f['cards_left']}枚）。")


def _level_one_leaves(f: dict) -> str:
    return (f"レベル1の産業タイルは運河時代の終わりに盤から取り除かれます。{f['slot']}のこの"
            f"{tile(f['industry'], f['level'])}は残り、鉄道時代の終わりにもう一度得点できます。")


def _rival_resources(f: dict) -> str:
    taken = "と".join(f"{player(t['owner'])}の{t['source']}から{cubes(t['count'], t['resource'])}"
                      + ("（これで稼働します）" if t["flips"] else "") for t in f["taken"])
    return (f"相手に何を渡すかに注意しましょう: このアクションは{taken}を使います。相手のタイルから石炭・鉄・ビールを取るたびに"
            f"そのタイルは稼働に近づき、持ち主に収入と勝利点をもたらします。自分の得の方が大きいときだけ取りましょう。")


def _resources_flip(f: dict) -> str:
    sold = (f"（{cubes(f['sold'], f['resource'])}は市場へ売って{money(f['earned'])}を得た後）" if f["sold"] else "")
    return (f"{f['slot']}の{tile(f['industry'], f['level'])}は、自分か相手が最後の{RESOURCE[f['resource']]}を使うと"
            f"稼働します: 残りは{cubes(f['left'], f['resource'])}です{sold}。相手が使ってくれるたびに、自分の収入と"
            f"勝利点に近づきます。")


def _loan_cost(f: dict) -> str:
    held = (f"手持ちは{money(f['held'])}です。" if f["builds_now"]
            else f"手持ちの{money(f['held'])}では、今は何も建設できません。")
    return (f"{held}借金には1アクションと収入レベル{f['levels']}がかかります: 今{money(f['money'])}を得る代わりに、"
            f"残り{f['payments']}回の収入がそれぞれ{money(f['levels'])}ずつ減ります（合計およそ{money(f['repaid'])}）。")


def counted(cards: list[str]) -> str:
    """Cards listed once each, a repeated one with its count: 「醸造所×2、ダドリー」."""
    return "、".join(card if n == 1 else f"{card}×{n}" for card, n in Counter(cards).items())


def _scout_wilds(f: dict) -> str:
    stuck, given = f["stuck"], f["given"]
    if len(stuck) == len(given):
        why = f"手放す{len(given)}枚（{counted(given)}）は、どれも今は建設に使えません。"
    elif stuck:
        why = f"手放す{len(given)}枚のうち{len(stuck)}枚（{counted(stuck)}）は、今は建設に使えません。"
    else:
        why = ""
    return (f"{why}偵察はカード{len(given)}枚を{'と'.join(f['took'])}に替えます。2枚そろえば、自分のネットワークの外でも"
            f"どの地点にどの産業でも建設できます。")


def _develop_away(f: dict) -> str:
    why = {"not_this_era": f"{ERA[f['era']]}には建設できません",
           "leaves_at_canal_end": "建てても運河時代の終わりに盤から取り除かれます"}
    tiles = "。".join(f"{tile(t['industry'], t['level'])}は{why[t['why']]}" for t in f["tiles"])
    return f"無駄になるタイルは開発で取り除きましょう: {tiles}。取り除くと、個人ボードの次のレベルが出てきます。"


MESSAGES: dict[str, Callable[[dict], str]] = {
    "card.discard": lambda f: (f"{player(f['player'])}は「{f['card']}」を捨てます"
                               + ("。" if f["action"] == "build" else "（建設以外はカードの種類を問いません）。")),
    "card.wild_returned": lambda f: f"「{f['card']}」は捨て札ではなく、専用の表向きの置き場へ戻ります。",
    "card.missing": lambda f: "どのアクションでもカードを1枚捨てます。`with card …` で指定してください。",
    "card.not_in_hand": lambda f: (f"「{'、'.join(localize(c, 'ja') for c in f['card'].split(', '))}」は手札にありません"
                                   f"（手札: {'、'.join(f['hand'])}）。"),
    "choice.ambiguous": lambda f: (f"{RESOURCE.get(f['resource'], f['resource'])}の選び方が複数あるので、アクションで指定してください: "
                                   + either([_option(o) for o in f["options"]]) + "。"),
    "choice.invalid": _choice_invalid,
    "phase.done": lambda f: "このアクションをここで終えます。",
    "phase.finish_first": lambda f: f"まだアクションの途中です: {PHASE[f['phase']]}。",
    "phase.nothing_to_finish": lambda f: "終了（`done`）は途中のアクションを終える時だけ使えますが、途中のアクションはありません。",
    "phase.no_double_build": lambda f: "捨てる2枚の指定（`discard A, B`）ができるのは、カード2枚での建設（`with card two cards`）の直後だけです。",
    "phase.shortfall": lambda f: f"{player(f['player'])}は先に、負の収入{money(f['owed'])}を払うための産業を取り除く必要があります（`remove …`）。",
    "phase.no_shortfall": lambda f: "産業を取り除けるのは負の収入を払う時だけです。任意に売り払うことはできません。",
    "game.over": lambda f: "ゲームは終了しています。",
    "undo.nothing": lambda f: "取り消せるアクションがありません。",
    "redo.nothing": lambda f: "やり直せるアクションがありません。",
    "build.card": _build_card,
    "build.card_industry": lambda f: (f"カード「{f['card']}」で建設できるのは{either([INDUSTRY[i] for i in f['card_industries']])}"
                                      f"だけで、{INDUSTRY[f['industry']]}は建てられません。"),
    "build.card_location": lambda f: f"都市カード「{f['card']}」で建設できるのは{f['card']}だけで、{f['location']}には建てられません。",
    "build.farm_brewery_card": lambda f: (f"{f['location']}は農場醸造所です。醸造所の産業カードかワイルド産業でしか建設できず、"
                                          f"都市カード（{f['card']}）は使えません。"),
    "build.not_in_network": lambda f: (f"産業カードは自分のネットワーク（自分の産業がある地点と、自分の運輸タイルの端）にしか"
                                       f"建設できません。{f['location']}は含まれません。自分のネットワーク: "
                                       f"{'、'.join(f['network']) or 'まだなし'}。"),
    "build.no_slots": lambda f: f"{f['location']}には産業の建設枠がありません。",
    "build.no_icon": lambda f: (f"{f['location']}には{INDUSTRY[f['industry']]}の枠がありません"
                                f"（枠のアイコン: {'、'.join(INDUSTRY[i] for i in f['icons'])}）。"),
    "build.no_tile": lambda f: f"個人ボードに{INDUSTRY[f['industry']]}のタイルが残っていません。",
    "build.tile_era": _tile_era,
    "build.tile": lambda f: (f"個人ボードに残る最も低いレベルの{INDUSTRY[f['industry']]}を使います: レベル{f['level']}、"
                             f"建設費{money(f['cost'])}" + (f"と{cubes(f['coal'], 'coal')}" if f["coal"] else "")
                             + (f"と{cubes(f['iron'], 'iron')}" if f["iron"] else "") + "。"
                             + (f"レベル1ですが、このタイルには運河印と鉄道印の両方があるので{ERA[f['era']]}にも建てられます。"
                                if level_one_in_rail(f) else "")),
    "build.slot": _slot,
    "build.slot_taken": _slot_taken,
    "build.slot_invalid": lambda f: (f"{f['slot']}にはこのタイルを置けません: " + {
        "no_icon": f"{INDUSTRY[f['industry']]}のアイコンがありません",
        "no_such_slot": f"{f.get('location')}に{f['slot'].rpartition('[')[2][:-1]}番の建設枠はありません"
                        f"（建設枠は1〜{f.get('slots')}番）",
        "single_icon_first": "その産業だけが描かれた空き枠を先に使う必要があります",
        "other_industry": "別の産業のタイルがあります",
        "not_higher": "同じか高いレベルのタイルがあります",
        "not_coal_or_iron": "他人のタイルで上書きできるのは炭鉱と製鉄所だけです",
        "resource_left": "他人のタイルを上書きできるのは、その資源が一つも残っていない時だけです",
    }[f["why"]] + (f"。置けるのは{either(f['options'])}です。" if f["options"] else "。置ける枠はありません。")),
    "build.canal_one_per_town": lambda f: (f"運河時代に一つの地点に置ける自分の産業は1枚までです。{f['location']}にはすでに"
                                           f"{'、'.join(f['yours'])}があります。"),
    "build.two_cards": lambda f: (f"{player(f['player'])}はカード2枚で建設します: 任意の2枚を合わせて{f['location']}の都市カードとして使い、"
                                  f"手番の2アクションを使います。次に捨てる2枚を指定します（`discard A, B`）。"),
    "build.two_cards_not_in_game": lambda f: f"{f['game']}にはカード2枚での建設はありません。",
    "build.two_cards_not_now": lambda f: (f"カード2枚での建設には手番の2アクションと手札2枚が必要です（この手番のアクション: "
                                          f"{f['actions']}回中{f['actions_done']}回済み、手札{f['hand']}枚）。"),
    "build.pay": lambda f: f"{player(f['player'])}は銀行へ{money(f['cost'])}を払います（残金{money(f['money_left'])}）。",
    "build.overbuild": lambda f: (f"上書き建設: {player(f['owner'])}の{tile(f['industry'], f['old_level'])}（{f['slot']}）を"
                                  f"レベル{f['new_level']}で置き換え、古いタイルはゲームから除きます"
                                  + (f"。残っていた{cubes(f['cubes_returned'], PRODUCT[f['industry']])}は共通置き場へ戻ります"
                                     if f["cubes_returned"] else "")
                                  + "。すでに得た収入や勝利点は失いません。"),
    "build.place": lambda f: (f"{player(f['player'])}は{f['slot']}に{tile(f['industry'], f['level'])}を置きます"
                              + (f"（{cubes(f['cubes'], f['resource'])}を載せる）。" if f["cubes"] else "。")),
    "money.short": _money_short,
    "coal.nearest": _coal_nearest,
    "coal.market": _coal_market,
    "coal.no_source": _coal_no_source,
    "coal.take": lambda f: (f"{f['source']}（{player(f['owner'])}の炭鉱）から{cubes(f['count'], 'coal')}を無料で取ります"
                            f"（{_route(f['route'])}）。残り{f['left']}個。"),
    "coal.buy": lambda f: f"石炭市場から{cubes(f['count'], 'coal')}を{prices(f['prices'])}買います。",
    "iron.works": _iron_works,
    "iron.market": _iron_market,
    "iron.take": lambda f: f"{f['source']}（{player(f['owner'])}の製鉄所）から{cubes(f['count'], 'iron')}を無料で取ります。残り{f['left']}個。",
    "iron.buy": lambda f: f"鉄市場から{cubes(f['count'], 'iron')}を{prices(f['prices'])}買います。",
    "beer.sources": _beer_sources,
    "beer.short": _beer_short,
    "beer.take": lambda f: (f"{f['source']}から{cubes(f['count'], 'beer')}を無料で使います（"
                            + ("自分の醸造所なのでつながり不要" if f["owner"] == f["player"]
                               else f"{player(f['owner'])}の醸造所で、{_route(f['route'])}")
                            + f"）。残り{f['left']}樽。"),
    "market.sell": _market_sell,
    "market.full": lambda f: f"{RESOURCE[f['resource']]}市場に空き枠がないので、資源は{f['slot']}に残ります。",
    "market.not_connected": lambda f: (f"{f['slot']}は市場接続アイコン（{TRADE[f['trade_kind']]}）へつながっていないので、石炭はタイルに残ります"
                                       f"（後でつながっても市場へは売れません）。"),
    "tile.flip": _flip,
    "income.advance": _income_advance,
    "network.link": _link,
    "network.link_built": lambda f: f"{f['link']}にはすでに{player(f['owner'])}の運輸タイルがあります。",
    "network.era": lambda f: (f"{f['link']}は" + ("鉄道専用" if f["rail"] else "運河専用")
                              + f"の線なので、{ERA[f['era']]}には使えません。"),
    "network.no_link_tiles": lambda f: "運輸タイルが残っていません。",
    "network.not_in_network": lambda f: (f"運輸タイルは自分のネットワークに接する線にしか置けません。{f['link']}は接していません。"
                                         f"自分のネットワーク: {'、'.join(f['network']) or 'まだなし'}。"
                                         + (f"{f['game']}には、最初の運輸タイルをどこにでも置ける例外はありません。"
                                            f"最初の運輸タイルも、自分の産業に接する線に置きます。" if f.get("no_first_link") else "")),
    "network.place": lambda f: (f"{player(f['player'])}は{f['link']}に" + ("運河" if f["era"] == "canal" else "鉄道")
                                + f"を{money(f['cost'])}で置きます"
                                + ("（同じアクションの2本目の費用: "
                                   + "、".join([money(f["cost"])] + [cubes(f[r], r) for r in ("coal", "beer") if f[r]])
                                   + "）" if f["second"] else "")
                                + (f"。1アクションで鉄道2本なので、合計{_whole_action(f['action'])}です"
                                   if "action" in f else "")
                                + f"。残金{money(f['money_left'])}。"),
    "network.second_card": lambda f: "2本目の鉄道は同じアクションの一部なので、カードは捨てません。",
    "network.beer_not_needed": lambda f: "ビールが必要なのは、1アクションで建てる2本目の鉄道だけです。",
    "network.unknown_link": lambda f: f"{f['link']}という線はありません。",
    "develop.tile": lambda f: f"個人ボードに残る最も低い{INDUSTRY[f['industry']]}はレベル{f['level']}です。",
    "develop.remove": lambda f: (f"{player(f['player'])}は個人ボードから{tile(f['industry'], f['level'])}を取り除きます"
                                 + ("（商人のビール特典で無料）" if f["free"] else "")
                                 + (f"。残る最も低いタイルはレベル{f['next_level']}（残り{f['next_count']}枚）です。"
                                    if f["next_level"] is not None else "。この産業のタイルはもう残っていません。")),
    "develop.no_tile": lambda f: f"開発できる{INDUSTRY[f['industry']]}のタイルが個人ボードに残っていません。",
    "develop.lightbulb": lambda f: (f"最も低い{INDUSTRY[f['industry']]}（レベル{f['level']}）には電球に斜線の印があり、"
                                    f"開発では取り除けません。建設して使う必要があります。"),
    "develop.unknown_industry": lambda f: f"{f['industry']}という産業はありません。",
    "develop.extra_card": lambda f: "2枚目の開発は同じアクションの一部なので、カードは捨てません。",
    "develop.free_only_bonus": lambda f: ("無料の開発は商人のビール特典でしかできません。" if f["beer_bonus"]
                                          else "このゲームに無料の開発はありません。開発には必ず鉄を使います。"),
    "develop.bonus_is_free": lambda f: "ビール特典の開発は鉄不要です。`develop <産業> free` と書いてください。",
    "sell.merchant": lambda f: (f"{f['merchant']}の商人は{'・'.join(GOODS[b] for b in f['buys'])}を買い、{f['at']}は"
                                f"そこへつながっています（{links(f['distance'])}、誰の輸送路でもよい）。"),
    "sell.no_tile": lambda f: f"{f['slot']}にタイルはありません。",
    "sell.not_yours": lambda f: f"{f['slot']}のタイルは{player(f['owner'])}のものです。売却できるのは自分の施設だけです。",
    "sell.not_sold_industry": lambda f: f"{INDUSTRY[f['industry']]}は売却しません。資源を使い切ると稼働します。",
    "sell.wrong_industry": lambda f: f"{f['slot']}にあるのは{INDUSTRY[f['industry']]}で、{INDUSTRY[f['named']]}ではありません。",
    "sell.flipped": lambda f: f"{f['slot']}のタイルはすでに稼働済み（売却済み）です。",
    "sell.no_merchant": lambda f: f"このゲームに{f['merchant']}という商人タイルはありません。",
    "sell.merchant_wont_buy": lambda f: (f"{f['merchant']}の商人は{GOODS[f['industry']]}（{INDUSTRY[f['industry']]}の製品）を"
                                         f"買いません。"),
    "sell.not_connected": lambda f: (f"{f['at']}は{f['merchant']}へどの輸送路でもつながっていないので、"
                                     f"{INDUSTRY[f['industry']]}をそこへ売れません。"),
    "sell.extra_card": lambda f: "続けて売る分は同じ売却アクションの一部なので、カードは捨てません。",
    "sell.extra_beer": _extra_beer,
    "sell.merchant_beer": _bonus,
    "sell.port": lambda f: (f"{f['at']}の綿を、{player(f['owner'])}の未稼働の港（{f['port']}、{links(f['distance'])}、誰の輸送路でも可）"
                            f"を通じて売ります。両方のタイルが裏返り、それぞれの持ち主の収入が上がります。"),
    "sell.distant": lambda f: (f"{f['at']}は市場接続アイコン（{'、'.join(f['trade'])}）につながっているので、遠方市場へ売れます。"
                               f"遠方市場タイルを1枚引きます（山に{f['tiles_left']}枚、需要マーカーは{f['marker']}のマス。"
                               f"{_drawn_tile(f)}）。"),
    "sell.distant_draw": lambda f: (f"遠方市場タイルは{f['tile']}: 需要は{f['marker_from']}から{f['marker_to']}のマスへ下がり、"
                                    f"{player(f['player'])}はマーカー横の{f['bonus']}マス分の収入を得て、紡績所が裏返ります。"),
    "sell.no_demand": lambda f: (f"遠方市場タイルは{f['tile']}: 需要が「需要なし」に達しました。売却は失敗し、紡績所は裏返らず、"
                                 f"この売却アクションはここで終わり、遠方市場はこの時代の終わりまで閉じます。"),
    "sell.distant_closed": lambda f: "この時代の遠方市場には、もう需要がありません。",
    "sell.no_trade_connection": lambda f: f"{f['at']}は港にも外部地域にもつながっていないので、遠方市場へ売れません。",
    "sell.no_port": lambda f: f"{f['port']}は港ではありません。",
    "sell.port_flipped": lambda f: f"{f['port']}の港はすでに稼働済みで、綿を出荷済みです。",
    "loan.deck_empty": lambda f: f"{f['edition']}: 鉄道時代の山札がなくなったので、もう借金はできません。",
    "loan.divider": lambda f: (f"{f['edition']}: "
                               + (f"鉄道時代の第{f['revealed']}ラウンドに" if f["revealed"] else "鉄道時代の手札を配った時に")
                               + f"仕切りタイルが現れたので、借金ができたのは第{f['last']}ラウンドまでです"
                                 f"（今は第{f['round']}ラウンド）。"),
    "loan.amount": lambda f: f"{money(f['amount'])}の借金はありません。{'、'.join(money(a) for a in f['amounts'])}から選んでください。",
    "scout.not_in_game": lambda f: f"{f['game']}には偵察アクションがありません。",
    "score.money": lambda f: f"{player(f['player'])}は{money(f['per'])}につき1勝利点: {money(f['money'])} → {f['vp']}勝利点。",
    "era.distant_reset": lambda f: f"遠方市場をリセットします: マーカーを一番上へ戻し、タイル{f['tiles']}枚を混ぜます。",
    "sell.bonus_nothing_to_develop": lambda f: "ビール特典の無料開発で取り除けるタイルがないので、特典はなくなります。",
    "loan.take": lambda f: (f"{player(f['player'])}は借金で{money(f['money'])}を受け取ります（所持金{money(f['money_now'])}。借金は支出ではない）。"
                            f"収入はマス数ではなくレベルで{f['levels']}下がります: 収入レベル{f['from_level']}（{f['from_space']}のマス）→ "
                            f"レベル{f['to_level']}の最も高いマス{f['to_space']}。" + _loan_deck(f)),
    "loan.too_low": lambda f: f"借金すると収入レベルが{f['level']}から{f['new_level']}になり、{f['lowest']}を下回るのでできません。",
    "scout.take": lambda f: (f"偵察: {player(f['player'])}はさらに{'、'.join(f['discarded'])}を捨て（合計{len(f['discarded']) + 1}枚）、"
                             f"{'と'.join(f['took'])}を取ります。"),
    "scout.card_count": lambda f: f"偵察で捨てるカードはちょうど{f['needed']}枚です（{f['count']}枚ではありません）。",
    "scout.holding_wild": lambda f: f"ワイルドカード（{'、'.join(f['wilds'])}）を持っている間は偵察できません。",
    "scout.no_wild_left": lambda f: f"{'、'.join(f['piles'])}の置き場にカードが残っていません。",
    "pass.action": lambda f: f"{player(f['player'])}はパスします（カードは1枚捨てます）。",
    "turn.end": _turn_end,
    "round.refill": _round_refill,
    "turn.order": _turn_order,
    "round.start": lambda f: f"{ERA[f['era']]}の第{f['round']}ラウンドが始まります。",
    "income.pay": lambda f: (f"{player(f['player'])}は収入レベル{f['level']}の{money(f['level'])}を受け取ります"
                             f"（マーカーは{f['space']}のマス）。所持金{money(f['money_now'])}。"),
    "income.negative": _settle,
    "income.shortfall": lambda f: (f"{player(f['player'])}は負の収入{money(f['owed'])}を払う現金が足りません（所持金{money(f['money'])}）。"
                                   f"自分の産業を選んで取り除き、建設費の半額を得て、払えるようになるまで続けます。"
                                   + _kept(f["kept"])),
    "income.vp_loss": _settle,
    "income.skipped_last_round": lambda f: "ゲームの最後のラウンドには収入の受け取りも支払いもありません。",
    "shortfall.remove": lambda f: (f"{player(f['player'])}は{f['slot']}の{tile(f['industry'], f['level'])}を取り除き、建設費"
                                   f"{money(f['cost'])}の半額{money(f['gained'])}を得ます（所持金{money(f['money_now'])}、"
                                   f"支払う額{money(f['owed'])}）。"),
    "shortfall.not_yours": lambda f: f"{f['slot']}は自分の産業ではありません（自分の産業: {'、'.join(f['yours'])}）。",
    "shortfall.wrong_industry": lambda f: f"{f['slot']}にあるのは{INDUSTRY[f['industry']]}で、{INDUSTRY[f['named']]}ではありません。",
    "shortfall.worthless": lambda f: (f"{f['slot']}の{tile(f['industry'], f['level'])}は建設費{money(f['cost'])}なので、取り除いても"
                                      f"{money(f['cost'] // 2)}にしかなりません。価値のないタイルは負の収入のために取り除きません。"),
    "era.end": lambda f: f"山札と全員の手札がなくなったので、{ERA[f['era']]}が終わり、採点します。",
    "score.link": _link_score,
    "score.industry": lambda f: (f"{player(f['owner'])}の稼働済みの{tile(f['industry'], f['level'])}（{f['slot']}）は"
                                 f"{f['vp']}勝利点です。"),
    "era.remove_links": lambda f: (f"運輸タイル{f['count']}枚をすべて盤から取り除きます。" if f["count"]
                                   else "取り除く運輸タイルはありません。"),
    "era.remove_level1": lambda f: (f"盤上のレベル1の産業をすべて取り除きます: {'、'.join(f['slots']) or 'なし'}。"
                                    f"レベル2以上は残り、鉄道時代の終わりにも得点できます。"),
    "era.merchant_beer": lambda f: (f"空白でない商人タイルの隣にビールを1樽ずつ戻します（{'、'.join(f['stocked'])}）。"
                                    + (f"補充したもの: {'、'.join(f['refilled'])}。" if f["refilled"]
                                       else "使われたビールはありませんでした。")),
    "era.rail_begins": _rail_begins,
    "era.divider_revealed": lambda f: (f"{f['edition']}: 仕切りタイルより上のカードがすべて引かれ、仕切りタイルが現れ"
                                       f"ました。その下の{f['under']}枚もいつも通り引きます。借金ができるのは鉄道時代の"
                                       f"第{f['last']}ラウンドが最後です。"),
    "game.end": _ranking,
    "query.coal_sources": _coal_sources,
    "query.unknown_location": lambda f: f"{f['location']}という地点はありません。",
    "query.iron_sources": lambda f: (
        ("鉄はつながりに関係なく、どの製鉄所からでも取れます: "
         + "、".join(f"{w['source']}（{player(w['owner'])}、{cubes(w['cubes'], 'iron')}）" for w in f["works"]) + "。"
         if f["works"] else "鉄が残っている製鉄所はありません。")
        + f"{'なくなれば' if f['works'] else ''}鉄市場から次の1個を{money(f['market_price'])}で買えます（つながり不要）。"),
    "query.no_beer": lambda f: (f"{f['game']}（{f['edition']}）にはビールも醸造所もなく、ビールを使う場面はありません。"
                                f"資源は{'と'.join(RESOURCE[r] for r in f['resources'])}です。"),
    "query.beer_sources": lambda f: (
        f"{player(f['player'])}が{f['location']}で使えるビール: "
        + (_beer_parts({**f, "merchant": None, "merchant_beer": 0, "at": f["location"]}) or "なし") + "。"
        + (f"使えないもの（つながっていない他人の醸造所）: {'、'.join(c['source'] for c in f['unconnected'])}。"
           if f["unconnected"] else "") + "商人のビールはその商人へ売る時だけ使えます。"),
    "query.next_tile": _next_tile,
    "query.unknown_industry": lambda f: (f"「{f['industry']}」という産業はありません。産業は"
                                         f"{'、'.join(INDUSTRY.get(i, i) for i in f['industries'])}です。"),
    "query.income_space": _income_space,
    "query.rounds": _rounds_per_era,
    "query.bad_space": lambda f: f"収入トラックは0から{f['last']}のマスまでです。{f['space']}のマスはありません。",
    "scenario.players": lambda f: f"このゲームは{'、'.join(map(str, f['allowed']))}人用で、{f['players']}人では遊べません。",
    "scenario.syntax": lambda f: f"{at(f)}`{f['text']}` を読めません。必要な形: `{f['expected']}`。",
    "scenario.unknown_name": lambda f: f"{at(f)}`{f['text']}` という名前が見つかりません{_suggestion(f)}",
    "scenario.no_such_slot": lambda f: f"{at(f)}{f['slot']}という建設枠はありません（建設枠: {'、'.join(f['slots'])}）。",
    "scenario.slot_taken": lambda f: f"{at(f)}{f['slot']}にはすでにタイルがあります。",
    "scenario.link_taken": lambda f: f"{at(f)}{f['link']}にはすでに運輸タイルがあります。",
    "scenario.player": lambda f: f"{at(f)}{f['players']}人のゲームにプレイヤー{f['player']}はいません。",
    "scenario.slot_industry": lambda f: (f"{at(f)}{f['slot']}のアイコンは{either([INDUSTRY[i] for i in f['icons']])}で、"
                                         f"{INDUSTRY[f['industry']]}は置けません。"),
    "scenario.value": _scenario_value,
    "scenario.divider": lambda f: at(f) + {
        "no_divider": f"{f['edition']}には鉄道時代の仕切りタイルがないので、仕切りタイルの行は書けません。",
        "not_rail": "仕切りタイルの行は鉄道時代の局面にだけ書けます（運河時代の仕切りタイルは現れません）。",
        "round": (f"仕切りタイルが現れたラウンドが{f['value']}になっています。0（手札を配った時）から{f['round']}"
                  f"（今のラウンド）まででなければなりません。"),
    }[f["why"]],
    "scenario.canal_tile_in_rail": lambda f: (f"{at(f)}{f['slot']}の{tile(f['industry'], f['level'])}は運河時代のタイルです。"
                                              f"レベル1は運河時代の終わりに盤から取り除かれます。"),
    "scenario.cubes": lambda f: (f"{at(f)}{f['slot']}の{tile(f['industry'], f['level'])}に{f['cubes']}個は載せられません: "
                                 + {"sold": "紡績所・製造所・陶器工場には資源を載せません",
                                    "flipped": "稼働済みのタイルは資源を使い切っています",
                                    "too_many": f"建設時に載るのは最大{f['most']}個です"}[f["why"]] + "。"),
    "scenario.empty_unflipped": lambda f: (f"{at(f)}{f['slot']}の{INDUSTRY[f['industry']]}は資源が残っていないので稼働済みです。"
                                           f"`flipped` と書くか、資源を載せてください。"),
    "scenario.no_tile_left": _scenario_no_tile,
    "scenario.canal_one_per_town": lambda f: (f"{at(f)}運河時代にプレイヤー{f['player']}が{f['location']}に置ける産業は1枚までです"
                                              f"（{'、'.join(f['slots'])}）。"),
    "scenario.link_era": lambda f: (f"{at(f)}{f['link']}は" + ("鉄道専用" if f["rail"] else "運河専用")
                                    + f"の線なので、{ERA[f['era']]}には運輸タイルを置けません。"),
    "scenario.too_many_links": lambda f: f"プレイヤー{f['player']}の運輸タイルは{f['links']}枚ですが、持っているのは{f['most']}枚です。",
    "scenario.merchant_space": lambda f: f"{at(f)}{f['players']}人のゲームに{f['space']}という商人の枠はありません。",
    "scenario.order": lambda f: f"{at(f)}手番順{f['order']}は{f['players']}人全員を1回ずつ含み、手番のプレイヤーも含む必要があります。",
    "scenario.no_cards": lambda f: f"{at(f)}手番のプレイヤー{f['player']}に手札がありません。",
    "scenario.shortfall": _scenario_shortfall,
    "scenario.mat_levels": lambda f: (f"{at(f)}プレイヤー{f['player']}の個人ボード: {INDUSTRY[f['industry']]}のレベルは"
                                      f"{f['levels']}段階で、{f['given']}個ではありません。レベルごとに1つずつ数を書きます。"),
    "scenario.card_count": lambda f: (f"{at(f)}{f['card']}が手札・捨て札・山札・置き場に合わせて{f['count']}枚あります。"
                                      f"{f['players']}人用の山札には{f['most']}枚しかありません。"),
    "scenario.no_distant_market": lambda f: f"{at(f)}このゲームには遠方市場がありません。",
    "scenario.game": lambda f: (f"{at(f)}「{f['game']}」というゲームはありません。"
                                + " か ".join(f"game {g}" for g in f["games"]) + " と書きます。"),
    "scenario.encoding": lambda f: (f"{f['path']}はUTF-8のテキストではありません（{f['line']}行目、{f['byte']}バイト目）"
                                    + ("。UTF-16のようです" if f["utf16"] else "") + "。UTF-8で保存してください。"),
    "scenario.too_large": lambda f: (f"局面は{f['size']}文字あります。局面ファイルは{f['limit']}文字までなので、"
                                     f"読み込みませんでした。"),
    "scenario.line_too_long": lambda f: f"{at(f)}この行は{f['length']}文字あります。1行は{f['limit']}文字までです。",
    "scenario.action": lambda f: f"{at(f)}アクション `{f['action']}` は実行できません。理由は次のとおりです。",
    "game.seed": lambda f: f"シード {f['seed']} は{f['most']}桁以内の整数ではありません（局面ファイルに書ける長さの上限です）。",
    "game.players": lambda f: (f"{f['game']}（{f['edition']}）は{'、'.join(map(str, f['allowed']))}人用です。"
                               f"{f['players']}人では遊べません。"),
    "game.unknown": lambda f: f"ゲーム {f['game']!r} はありません。{', '.join(f['games'])} から選んでください。",
    "edition.unknown": lambda f: f"{f['game']}に版 {f['edition']!r} はありません。{', '.join(f['editions'])} から選んでください。",
    "scenario.edition": lambda f: (f"{at(f)}このゲームに `{f['edition']}` という版はありません。"
                                   + "、".join(f"`edition {e}`" for e in f["editions"])
                                   + (" のどれかで書きます。" if len(f["editions"]) > 1 else " と書きます。")),
    "notation.shape": lambda f: (f"`{f['text']}` はアクションとして読めません。アクションは "
                                 f"{'、'.join(f'`{v}`' for v in f['verbs'])} のどれかで始めます（例: `{f['example']}`）。"),
    "notation.unknown_name": lambda f: f"`{f['text']}` という名前が見つかりません{_suggestion(f)}",
    "notation.slot_number": lambda f: f"`{f['text']}` には建設枠の番号が必要です（例: `{f['text']}[1]`）。",
    "notation.clause": lambda f: (f"`{f['text']}` はこのアクションで使えない指定です。`;` の後に使えるのは "
                                  f"{'、'.join(f'`{c}`' for c in f['clauses']) or 'なし'} です。"),
    "notation.discard_cards": lambda f: f"カード2枚での建設で捨てるカードはちょうど2枚です（{f['count']}枚ではありません）。",
    "notation.scout_cards": lambda f: f"偵察ではちょうど3枚のカードを指定します（{f['count']}枚ではありません）。",
    "notation.not_text": lambda f: f"アクションは文字列で書きます（{f['type']}ではありません）。",
    "notation.too_long": lambda f: (f"この文字列は{f['length']}文字あります。アクションは{f['limit']}文字までなので、"
                                    f"読み込みませんでした。"),
    "notation.number": lambda f: (f"数 `{f['text'][:12]}…` は{f['digits']}桁あります。アクションの中の数（建設枠、借金の額）は"
                                  f"{f['most']}桁までです。"),
    "notation.empty_item": lambda f: (f"`{f['text']}` の{ {'cards': 'カード'}.get(f['list']) or RESOURCE.get(f['list'], f['list'])}"
                                      f"の並びに空の項目があります。余分なコンマを消してください。"),
    "language.unknown": lambda f: f"言語 {f['language']} はありません。{', '.join(f['languages'])} から選んでください。",
    "explorer.seats": lambda f: f"エクスプローラーの席はプレイヤー1人に1つです: {f['players']}人のゲームに{f['given']}席が指定されました。",
    "explorer.seat": lambda f: (f"席 {f['seat']} は `'human'`（人）でもボット（`choose(game)` と `name` を持つもの）"
                                f"でもありません。"),
    "file.not_a_path": lambda f: f"ファイルはパス（文字列）で指定します。{f['type']}型の値では指定できません。",
    "file.not_regular": lambda f: f"{f['path']}は{FILE_KIND[f['kind']]}で、ファイルではないので読みません。",
    "file.write_failed": lambda f: f"{f['path']}に書き込めませんでした: {f['error']}。元のファイルはそのまま残っています。",
    "save.older_rules": lambda f: (f"このゲームは古いbrass_nb（ルール{f['rules']}。このbrass_nbはルール{f['current']}）"
                                   f"で保存されたもので、{f['number']}番目のアクションが今のルールでは再生できません。"
                                   f"保存したときのbrass_nbで開くか、ゲームを始め直してください。"),
    "save.newer_rules": lambda f: (f"このゲームは新しいbrass_nb（ルール{f['rules']}。このbrass_nbはルール{f['current']}）"
                                   f"で保存されています。開くにはbrass_nbを更新してください。"),
    "save.unreadable": lambda f: f"{f['path']}を読めません: {f['error']}。",
    "save.too_large": lambda f: f"セーブファイルが{f['limit']:,}バイトを超えるので読みません。",
    "save.encoding": lambda f: f"{f['path']}はUTF-8のテキストではありません（{f['byte']}バイト目）。",
    "save.too_deep": lambda f: (f"セーブファイルのリストやオブジェクトが{f['depth']}段に入れ子になっています。"
                                f"入れ子は{f['limit']}段までです。"),
    "save.not_json": lambda f: f"セーブファイルがJSONではありません（{f['line']}行{f['column']}列: {f['error']}）。",
    "save.number": lambda f: (f"セーブファイルに{f['digits']}桁の整数があります。整数は{f['limit']}桁までです。"),
    "save.format": _save_format,
    "save.version": lambda f: (f"このセーブファイルはバージョン{f['found']}で、新しいbrass_nbのものです。"
                               f"このbrass_nbが読めるのはバージョン1〜{f['supported']}なので、brass_nbを更新してください。"
                               if isinstance(f['found'], int) and f['found'] > f['supported'] else
                               f"このセーブファイルはバージョン{f['found']}です。このbrass_nbが読めるのは"
                               f"バージョン1〜{f['supported']}です。"),
    "save.unknown_field": lambda f: (f"セーブファイルに、brass_nbが読まない項目「{f['field']}」があります。"
                                     f"項目は {', '.join(f['fields'])} です。"),
    "save.field": _save_field,
    "save.start": lambda f: f"セーブファイルの `{f['field']}` が使えません。理由は次のとおりです。",
    "save.mismatch": lambda f: (f"セーブファイルの「{f['field']}」は{f['saved']}ですが、局面では"
                                f"{f['position']}です。"),
    "save.bad_action": lambda f: (f"セーブファイルの{f['number']}番目のアクション `{f['action']}` が再生できません。"
                                  "理由は次のとおりです。"),
    "hint.game_over": lambda f: f"ゲームは終了しているので、提案できるアクションはありません。{_winners(f['ranking'])}",
    "hint.form": lambda f: f"ヒントの表示形式は {'、'.join(f['forms'])} のどれかです（{f['form']} ではありません）。",
    "review.player": lambda f: (f"振り返りができるのはこのゲームの{f['players']}人のプレイヤーのいずれかで、番号は0から"
                                f"数えます（0は{player(0)}）。{f['player']} は使えません。"),
    "review.form": lambda f: f"振り返りの表示形式は {'、'.join(f['forms'])} のどれかです（{f['form']} ではありません）。",
    "review.depth": lambda f: (f"振り返りの比べ方は `'search'`（ヒントのアクションと比べる）か `'greedy'`（1アクション先の最善と比べる）の"
                               f"どちらかです（{f['depth']} ではありません）。"),
    "bot.strength": lambda f: (f"ボットの強さは {'、'.join(repr(s) for s in f['strengths'])} のどれかです"
                               f"（弱い順。{f['strength']} ではありません）。"),
    "hint.plan": _plan,
    "principle.beer_scarce": _beer_scarce,
    "principle.sell_to_merchant": _sell_to_merchant,
    "principle.income_early": _income_early,
    "principle.flip_before_era_end": _flip_before_era_end,
    "principle.link_beside_flipped": _link_beside_flipped,
    "principle.level_one_leaves": _level_one_leaves,
    "principle.rival_resources": _rival_resources,
    "principle.resources_flip": _resources_flip,
    "principle.loan_cost": _loan_cost,
    "principle.develop_away": _develop_away,
    "principle.network_reach": lambda f: (
        f"建設したい場所までネットワークを広げましょう: この運輸タイルで{'、'.join(f['locations'])}が自分のネットワークに入ります"
        f"（建設枠{f['slots']}つ）。産業カードで建設できるのは自分のネットワークの中だけです。"),
    "principle.scout_wilds": _scout_wilds,
    "playout.seats": lambda f: (f"`play_out` の席はプレイヤー1人に1つです（ボット、または人が打つ席ならボットなし）: "
                                f"{f['players']}人のゲームに{f['given']}席が指定されました。"),
    "playout.seat": lambda f: f"席 {f['seat']} はボット（`choose(game)` を持つもの）でも、人が打つための空席でもありません。",
    "quiz.unknown_lesson": lambda f: (f"{f['lesson']} というクイズのレッスンはありません。"
                                      f"{', '.join(f['lessons'])} から選んでください。"),
    "quiz.unknown_kind": lambda f: f"問題の種類 {f['kind']} はありません。{', '.join(f['kinds'])} から選んでください。",
    "quiz.no_resource": lambda f: (f"{_question(f)}「{act(f['action'])}」は{RESOURCE[f['resource']]}を使わないので、"
                                   f"どこから来るかを問えません。"),
    "quiz.build_cards": _build_cards,
    "quiz.round_continues": lambda f: (f"{_question(f)}「{act(f['action'])}」ではラウンド{f['round']}が終わらないので、"
                                       f"次のラウンドの手番順を問えません。"),
    "quiz.era_continues": _era_continues,
    "quiz.legal": lambda f: (f"{_question(f)}「{act(f['action'])}」はこの局面で実行できるので、"
                             f"「なぜできないのか」を問う問題には使えません。"),
    "quiz.no_link": lambda f: f"{_question(f)}{f['link']}には運輸タイルが置かれていないので、得点を問えません。",
    "quiz.wrong_source": _wrong_source,
    "quiz.wrong_owner": _wrong_owner,
    "quiz.wrong_level": _wrong_level,
    "quiz.wrong_order": _wrong_order,
    "quiz.wrong_tiles": _wrong_tiles,
    "quiz.wrong_vp": _wrong_vp,
    "quiz.other_refusal": lambda f: (f"それは「{act(f['action'])}」ができない理由です。「{act(f['asked'])}」は、"
                                     f"それより前の別の条件でできなくなります。"),
    "library.unknown": lambda f: f"用意された局面 {f['name']} はありません。{', '.join(f['names'])} から選んでください。",
    "class.account_taken": lambda f: (f"このマシンには学習者のものではない {f['name']} というアカウントがすでにあります。"
                                      f"この学習者には別の名前を付けてください。"),
    "class.hub": lambda f: f"クラスのハブ（{f['url']}）に問い合わせできませんでした: {f['error']}。",
    "answer.too_large": lambda f: (f"解答は{f['limit']:,}バイトまでです。この解答は{f['size']:,}バイトあるので"
                                   f"記録しませんでした。"),
    "answer.not_json": lambda f: "解答はJSONで送ります。JSONではなかったので記録しませんでした。",
    "answer.fields": lambda f: (f"解答は項目 {', '.join(f['expected'])} のちょうど4つを持つオブジェクトです"
                                + (f"（{', '.join(f['optional'])} は3つそろえて加えることもできます）"
                                   if f.get("optional") else "") + "。"
                                + (f"この解答はJSONの{JSON_KIND[f['kind']]}なので" if "kind" in f else
                                   f"この解答には{', '.join(f['found'])}があったので" if f["found"] else
                                   "この解答には項目が一つもなかったので")
                                + "記録しませんでした。"),
    "answer.field": lambda f: ("解答の `correct` は `true` か `false` です。この解答は記録しませんでした。"
                               if f["field"] == "correct" else
                               f"解答の `kind` は {'、'.join(f'`{k}`' for k in f['allowed'])} のどれかです。この解答は記録しませんでした。"
                               if f["field"] == "kind" else
                               f"解答の `tries` は1から{f['limit']}までの整数です。この解答は記録しませんでした。"
                               if f["field"] == "tries" else
                               f"解答の「{f['field']}」は{f['limit']}文字までの文字列です。この解答は記録しませんでした。"),
    "class.line": lambda f: (f"{f['path']}の{f['line']}行目: 小文字の名前で「名前:ハッシュ」と書く行のはずですが、"
                             f"「{f['text']}」でした。"),
    "class.names": lambda f: (f"学習者の名前は英小文字で始まり、英小文字・数字・'-'・'_' だけでできた{f['most']}文字以内の"
                              f"ものです。当てはまらない名前（{f['count']}個）: {', '.join(f['names'])}。"),
    "ruleset.data": lambda f: f"brass_nbのデータファイルのルール定義に誤りがあります（開発者向けの英語の説明）: {f['error']}。",
    # 「あなたの番」の課題（brass_nb.quizbank.goals）: 行ったアクションがしたことと、目標が求めたこと
    "goal.builds": lambda f: _goal(f, f"{_built(f)}が建ちました",
                                   f"目標は{_wanted_build(f)}の建設ですが、" + (f"このアクションで建つのは{_built(f)}です"
                                                                       if f["built"] else "このアクションでは何も建ちません")),
    "goal.sells": lambda f: _goal(f, f"{'、'.join(f['sold'])}を売却しました",
                                  f"目標は{_wanted_sale(f)}の売却ですが、"
                                  + (f"これは{action_kind(f['kind'])}で、売却ではありません" if f["kind"] != "sell"
                                     else f"このアクションで売却されるのは{'、'.join(f['sold'])}です" if f["sold"]
                                     else "このアクションでは何も売却されません")),
    "goal.network_has": lambda f: _goal(f, f"{f['location']}が{player(f['player'])}のネットワークに入りました",
                                        f"このアクションの後も{f['location']}は{player(f['player'])}のネットワークの外です"
                                        f"（ネットワーク: {'、'.join(f['network']) or 'まだありません'}）"),
    "goal.kind": lambda f: _goal(f, f"{action_kind(f['kind'])}です",
                                 f"目標は{action_kind(f['wanted'])}ですが、行ったのは{action_kind(f['kind'])}です"),
    "goal.no_market": lambda f: _goal(f, f"市場から{RESOURCE[f['resource']]}を買っていません",
                                      f"このアクションは市場から{RESOURCE[f['resource']]}を{f['bought']}個買います。"
                                      f"目標は市場から買わないことです"),
    "goal.source": lambda f: _goal(f, f"{RESOURCE[f['resource']]}は{'、'.join(f['sources'])}から来ます",
                                   f"目標は{f['location']}の{RESOURCE[f['resource']]}ですが、"
                                   + (f"このアクションの{RESOURCE[f['resource']]}は{'、'.join(f['sources'])}から来ます"
                                      if f["sources"] else f"このアクションは{f['location']}の{RESOURCE[f['resource']]}を使いません")),
    "goal.first_next_round": _first_next_round,
    "goal.best": lambda f: _goal(f, f"このアクションで{_measured(f['measure'], f['got'])}になり、これを上回る合法なアクションはありません",
                                 f"このアクションでは{_measured(f['measure'], f['got'])}ですが、最善のアクションなら"
                                 f"{_measured(f['measure'], f['best'])}になります"),

}
