#!/usr/bin/env python3
"""Writes the legacy-encoded HTML pages of Fixtures/encodings/ that EncodingStandardTests decode.

Each page is a small schedule page of our own, in one legacy encoding, written twice: `<name>.html`
declares its encoding with `<meta charset>`, `<name>-undeclared.html` does not (the tests pass the
charset as the transport layer would). Python's own codecs encode them, so the tests check our decoders
against an independent encoder. The texts here and the expectations in
Tests/HTMLScrapeTests/EncodingStandardTests.swift must agree.

Run (from the package root): python3 Scripts/make-encoding-fixtures.py
"""
import os

PAGES = [
    # (file name, Python codec, charset label, title, heading, rows of (date, title))
    ("shift_jis", "shift_jis", "Shift_JIS", "今期のアニメ放送予定", "秋アニメ 放送スケジュール",
     [("10月4日", "第1話 旅立ちの朝"), ("10月11日", "第2話 約束の場所")]),
    ("euc-jp", "euc_jp", "EUC-JP", "ドラマ放送日程", "月曜ドラマ 第3シーズン",
     [("4月8日", "第1話 新しい職場"), ("4月15日", "第2話 雨の日の依頼人")]),
    ("gbk", "gbk", "GBK", "本周电视节目表", "星期一 晚间节目",
     [("20:00", "新闻联播"), ("21:30", "电视剧 第十二集")]),
    ("big5", "big5", "Big5", "本週節目表", "週末動畫特輯",
     [("星期六", "第五集 回家的路"), ("星期日", "第六集 最後的約定")]),
    ("euc-kr", "euc_kr", "EUC-KR", "이번 주 방송 편성표", "월화 드라마 편성",
     [("월요일", "제1회 새로운 시작"), ("화요일", "제2회 비밀의 정원")]),
    ("koi8-r", "koi8_r", "KOI8-R", "Программа передач", "Сериалы недели",
     [("Понедельник", "Серия 1. Начало пути"), ("Вторник", "Серия 2. Возвращение")]),
]


def page(charset, title, heading, rows):
    meta = f'<meta charset="{charset}">\n' if charset else ""
    cells = "\n".join(f'  <tr><td class="date">{date}</td><td class="title">{name}</td></tr>' for date, name in rows)
    return (
        "<!DOCTYPE html>\n<html>\n<head>\n" + meta + f"<title>{title}</title>\n</head>\n<body>\n"
        f"<h1>{heading}</h1>\n<table>\n{cells}\n</table>\n</body>\n</html>\n"
    )


def main():
    folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Fixtures", "encodings")
    os.makedirs(folder, exist_ok=True)
    for name, codec, charset, title, heading, rows in PAGES:
        with open(os.path.join(folder, f"{name}.html"), "wb") as handle:
            handle.write(page(charset, title, heading, rows).encode(codec))
        with open(os.path.join(folder, f"{name}-undeclared.html"), "wb") as handle:
            handle.write(page(None, title, heading, rows).encode(codec))


if __name__ == "__main__":
    main()
