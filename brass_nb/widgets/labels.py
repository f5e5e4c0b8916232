"""Words on buttons and headings of the widgets, per language (the explanations themselves come from explain)."""
from __future__ import annotations

LABELS = {
    "en": {"action": "action", "industry": "industry", "where": "where", "card": "card", "resources": "resources",
           "link": "link", "iron": "iron", "tile": "tile", "merchant": "merchant", "beer": "beer", "cards": "cards",
           "play": "Play", "undo": "Undo", "redo": "Redo", "check": "Why not?", "play_typed": "Play typed", "choose": "Choose an action first.",
           "typed": "or type an action, e.g. build coal Dudley with card Dudley", "to_act": "{player} to act",
           "over": "The game is over.", "preview": "What this action would do:", "played": "What happened:",
           "legal": "Legal: press Play typed to play it.", "refused": "Not allowed:", "location": "location",
           "resource": "resource", "space": "track space", "check_answer": "Check", "right": "Right!",
           "wrong": "Not quite.", "answer_is": "The answer is {answer}.", "player": "player",
           "era": {"canal": "canal era, round {round}", "rail": "rail era, round {round}"},
           "phase": {"sell": "selling: sell another tile or choose done", "rail2": "a second rail, or done",
                     "develop2": "a second develop, or done", "bonus_develop": "Gloucester's free develop, or done",
                     "shortfall": "negative income: give up an industry"}},
    "ja": {"action": "アクション", "industry": "産業", "where": "場所", "card": "カード", "resources": "資源",
           "link": "線", "iron": "鉄", "tile": "タイル", "merchant": "商人", "beer": "ビール", "cards": "カード",
           "play": "実行", "undo": "取り消し", "redo": "やり直し", "check": "なぜだめ？", "play_typed": "入力を実行", "choose": "先にアクションを選んでください。",
           "typed": "アクションを入力（例: build coal Dudley with card Dudley）", "to_act": "{player}の手番",
           "over": "ゲームは終了しました。", "preview": "このアクションで起きること:", "played": "起きたこと:",
           "legal": "合法です。「入力を実行」で実行できます。", "refused": "できません:", "location": "地点",
           "resource": "資源", "space": "マス", "check_answer": "答え合わせ", "right": "正解！",
           "wrong": "残念。", "answer_is": "答えは {answer} です。", "player": "プレイヤー",
           "era": {"canal": "運河時代 第{round}ラウンド", "rail": "鉄道時代 第{round}ラウンド"},
           "phase": {"sell": "売却の続き（別のタイルを売るか done）", "rail2": "二本目の鉄道（または done）",
                     "develop2": "二枚目の開発（または done）", "bonus_develop": "グロスターの無料開発（または done）",
                     "shortfall": "負の収入: 産業を取り除く"}},
}
