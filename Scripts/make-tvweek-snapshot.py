#!/usr/bin/env python3
"""Writes Fixtures/tvmaze/schedule_US_<day>.json, the offline week snapshot of `tvweek --offline`.

Reads the recorded US schedule days in ../shared/fixtures/tvmaze/ and keeps their facts only
(ids, titles, numbers, dates, times, networks, links); every summary (prose) is dropped (null).
Run from the package root: python3 Scripts/make-tvweek-snapshot.py
"""
import json, os, sys

SOURCE = os.path.join('..', 'shared', 'fixtures', 'tvmaze')
TARGET = os.path.join('Fixtures', 'tvmaze')
DAYS = ['2019-07-14', '2019-07-15', '2019-07-16', '2019-07-17']

def strip(entry):
    entry = dict(entry)
    entry['summary'] = None
    show = dict(entry['show'])
    show['summary'] = None
    entry['show'] = show
    return entry

if not os.path.isdir(SOURCE):
    sys.exit(f'{SOURCE} is not present')
for day in DAYS:
    with open(os.path.join(SOURCE, f'schedule_US_{day}.challengetv.json')) as f:
        entries = json.load(f)
    with open(os.path.join(TARGET, f'schedule_US_{day}.json'), 'w') as f:
        json.dump([strip(e) for e in entries], f, indent=1, ensure_ascii=False)
        f.write('\n')
