"""Words drawn on the picture (title, panels, legend), per language; board names come from the data files."""
from __future__ import annotations

WORDS = {
    "en": {"title": "{game} — {era} era, round {round} — Player {player} to act", "over": "{game} — game over",
           "era": {"canal": "canal", "rail": "rail"}, "market": {"coal": "coal market", "iron": "iron market"},
           "empty": "empty: £{price}", "columns": ("player", "money", "income", "VP", "cards", "spent"),
           "player": "Player {n}", "bonus": "beer bonus: {bonus}", "link_icons": "{n} link VP", "distant": "distant market (tiles left)",
           "trade": "trade icon",
           "bonuses": {"money": "£{n}", "vp": "+{n} VP", "income_spaces": "+{n} income", "free_develop": "free develop"},
           "links": {(True, True): "canal or rail", (True, False): "canal only", (False, True): "rail only"},
           "tiles": ("tile, unflipped", "tile, flipped (scores)", "blank merchant tile", "no merchant tile"),
           "overlays": {"route": "route of coal / beer", "source": "source used", "rank": "#rank · links: mines",
                        "score": "VP at era end", "removed": "leaves the board", "network": "player's network",
                        "connected": "connected (any links)"}},
    "ja": {"title": "{game} — {era}時代 第{round}ラウンド — プレイヤー{player}の手番", "over": "{game} — ゲーム終了",
           "era": {"canal": "運河", "rail": "鉄道"}, "market": {"coal": "石炭市場", "iron": "鉄市場"},
           "empty": "空なら{price}ポンド", "columns": ("プレイヤー", "所持金", "収入(マス)", "勝利点", "手札", "支出"),
           "player": "プレイヤー{n}", "bonus": "ビール特典: {bonus}", "link_icons": "リンク得点{n}", "distant": "遠方市場（残りタイル）",
           "trade": "市場接続アイコン",
           "bonuses": {"money": "{n}ポンド", "vp": "+{n}勝利点", "income_spaces": "収入+{n}マス",
                       "free_develop": "無料開発"},
           "links": {(True, True): "運河・鉄道", (True, False): "運河のみ", (False, True): "鉄道のみ"},
           "tiles": ("未稼働のタイル", "稼働済みのタイル（得点）", "空白の商人タイル", "商人タイルなし"),
           "overlays": {"route": "石炭・ビールの経路", "source": "使う供給元", "rank": "#順位 · 距離: 炭鉱",
                        "score": "時代終了時の勝利点", "removed": "盤から取り除かれる", "network": "自分のネットワーク",
                        "connected": "つながっている（誰の線でも）"}},
}
