#!/usr/bin/env python3
"""Load on airdate-web over loopback: many clients holding /events while marks arrive from two
processes, then the time to serve the 828-row page.

Two `airdate-web` servers run on one new database (as two processes of one app would). CLIENTS
streams hold `/events`, half on each server. Two marker processes POST /watch, RATE marks a second
between them (RATE/2 each, one to each server), for SECONDS; the first marks the episodes at even
places of the watch order, the second those at odd places. Then every stream must have seen every
mark (those made through the other server arrive through the database), its event ids must count
up without a gap, and each marker's marks must arrive in the order they were made.

Figures: marks made, events per stream, mark-to-event latency (p50/p99, across processes), and
GET / (828 rows) p50/p99 while the load runs and on the idle server.

    python3 Scripts/web-load.py [--bin DIR] [--clients 50] [--rate 20] [--seconds 30] [--pages 200]

Ends with "N passed, M failed"; exits 1 if a check failed.
"""
import argparse
import http.client
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def start_server(binary, db):
    # Every database in the run's own folder: the load never touches the user's anime or countdowns.
    folder = os.path.dirname(db)
    process = subprocess.Popen(
        [binary, "--db", db, "--port", "0", "--snapshot", os.path.join(ROOT, "Fixtures/arrowverse"), "--time-zone", "UTC",
         "--anime-db", os.path.join(folder, "animeplan.sqlite"), "--countdowns-db", os.path.join(folder, "countdowns.sqlite")],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    line = process.stdout.readline()
    match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    if not match:
        raise SystemExit("airdate-web did not start: " + line + process.stderr.read())
    threading.Thread(target=process.stdout.read, daemon=True).start()
    threading.Thread(target=process.stderr.read, daemon=True).start()
    return process, int(match.group(1))


def percentile(values, fraction):
    if not values:
        return float("nan")
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, int(round(fraction * (len(ordered) - 1)))))
    return ordered[index]


class Stream(threading.Thread):
    """One client holding /events: every `change` event with its id and arrival time."""

    def __init__(self, port):
        super().__init__(daemon=True)
        self.port = port
        self.events = []  # (id, watched ids, arrival)
        self.ready = threading.Event()
        self.error = None
        self.stop = False

    def run(self):
        try:
            connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
            connection.request("GET", "/events")
            response = connection.getresponse()
            event_id, data = None, []
            while not self.stop:
                line = response.readline()
                if not line:
                    break
                line = line.decode("utf-8").rstrip("\n")
                if line.startswith(": connected"):
                    self.ready.set()
                if line == "":
                    if data:
                        payload = json.loads("\n".join(data))
                        self.events.append((event_id, payload.get("watched", []), time.time()))
                    event_id, data = None, []
                elif line.startswith("id:"):
                    event_id = line[3:].strip()
                elif line.startswith("data:"):
                    data.append(line[5:].strip())
        except Exception as error:  # noqa: BLE001 - reported as a failed check
            if not self.stop:
                self.error = error
            self.ready.set()


def marker(port, episodes, rate, seconds, out_path):
    """A marker process: POST /watch for `episodes` in order at `rate` a second; writes (id, sent, status)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    results = []
    start = time.time()
    for index, episode in enumerate(episodes):
        due = start + index / rate
        if due > start + seconds:
            break
        pause = due - time.time()
        if pause > 0:
            time.sleep(pause)
        sent = time.time()
        body = urllib.parse.urlencode({"episode": episode})
        try:
            connection.request("POST", "/watch", body=body, headers={
                "Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"})
            response = connection.getresponse()
            response.read()
            status = response.status
        except Exception:  # noqa: BLE001 - counted as a failed mark
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            status = 0
        results.append((episode, sent, time.time(), status))
    with open(out_path, "w") as f:
        json.dump(results, f)


def page_times(port, count, stop=None):
    times = []
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    while (stop is None and len(times) < count) or (stop is not None and not stop.is_set()):
        start = time.perf_counter()
        connection.request("GET", "/")
        response = connection.getresponse()
        body = response.read()
        times.append(time.perf_counter() - start)
        if response.status != 200 or body.count(b"<tr id=\"e-") != 828:
            raise SystemExit(f"GET / answered {response.status} with {body.count(b'<tr id=')} rows")
    return times


# The other pages, timed idle after the load (each answered 200 with this text in it).
PAGES = [("/next", b"next-table"), ("/progress", b"seasons"), ("/schedule?tz=America/New_York", b"section class=\"day"),
         ("/shows/363", b"Late Night"), ("/anime", b"anime-card"), ("/anime/calendar?month=2022-11", b"cal-day"),
         ("/anime/stats", b"<svg"), ("/countdowns?scope=all", b"class=\"countdown"), ("/reminders?days=366", b"\"reminders\"")]


def other_page_times(port, count):
    """Seeds a plan and 40 countdowns through the forms, then GETs each page `count` times."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    form = {"Content-Type": "application/x-www-form-urlencoded"}
    connection.request("POST", "/anime/add", body="id=457&per_day=2", headers=form)
    connection.getresponse().read()
    for index in range(40):
        body = urllib.parse.urlencode({"title": f"Countdown {index}", "date": f"2027-{index % 12 + 1:02d}-{index % 28 + 1:02d}",
                                       "tags": ",".join(f"t{n}" for n in range(index % 4)), "every": "weekly" if index % 5 == 0 else ""})
        connection.request("POST", "/countdowns/add", body=body, headers=form)
        response = connection.getresponse()
        response.read()
        if response.status != 303:
            raise SystemExit(f"POST /countdowns/add answered {response.status}")
    results = {}
    for path, marker in PAGES:
        times = []
        for _ in range(count):
            start = time.perf_counter()
            connection.request("GET", path)
            response = connection.getresponse()
            body = response.read()
            times.append(time.perf_counter() - start)
            if response.status != 200 or marker not in body:
                raise SystemExit(f"GET {path} answered {response.status} without {marker!r}")
        results[path] = times
    return results


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--marker":
        port, rate, seconds, out_path = int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]), sys.argv[5]
        marker(port, json.loads(sys.stdin.read()), rate, seconds, out_path)
        return 0
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", help="the folder holding airdate-web (default: swift build --show-bin-path)")
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--rate", type=float, default=20, help="marks a second, both processes together")
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--pages", type=int, default=200, help="GET / on the idle server")
    args = parser.parse_args()
    bin_dir = args.bin or subprocess.check_output(["swift", "build", "--show-bin-path"], cwd=ROOT, text=True).strip()
    binary = os.path.join(bin_dir, "airdate-web")
    if not os.access(binary, os.X_OK):
        raise SystemExit(f"{binary} is not built; run: swift build --product airdate-web")

    folder = tempfile.mkdtemp(prefix="airdate-web-load-")
    db = os.path.join(folder, "watch.sqlite")
    servers = []
    passed = failed = 0

    def check(name, condition, detail=""):
        nonlocal passed, failed
        if condition:
            passed += 1
            print(f"PASS {name}")
        else:
            failed += 1
            print(f"FAIL {name}: {detail}")

    try:
        servers.append(start_server(binary, db))
        servers.append(start_server(binary, db))
        ports = [port for _, port in servers]
        connection = http.client.HTTPConnection("127.0.0.1", ports[0], timeout=60)
        connection.request("GET", "/api/episodes")
        order = [episode["id"] for episode in json.loads(connection.getresponse().read())["episodes"]]
        print(f"servers on ports {ports}; {len(order)} episodes; build: {bin_dir}")

        streams = [Stream(ports[index % 2]) for index in range(args.clients)]
        for stream in streams:
            stream.start()
        for stream in streams:
            stream.ready.wait(60)
        check(f"{args.clients} clients hold /events", all(s.ready.is_set() and s.error is None for s in streams),
              [str(s.error) for s in streams if s.error][:3])

        stop_pages = threading.Event()
        loaded_times = []
        pager = threading.Thread(target=lambda: loaded_times.extend(page_times(ports[0], 0, stop_pages)), daemon=True)
        pager.start()
        outputs, markers = [], []
        for index in range(2):
            out_path = os.path.join(folder, f"marker-{index}.json")
            outputs.append(out_path)
            process = subprocess.Popen(
                [sys.executable, os.path.abspath(__file__), "--marker", str(ports[index]), str(args.rate / 2), str(args.seconds), out_path],
                stdin=subprocess.PIPE, text=True)
            process.stdin.write(json.dumps(order[index::2]))
            process.stdin.close()
            markers.append(process)
        for process in markers:
            process.wait(timeout=args.seconds + 300)
        stop_pages.set()
        pager.join(120)
        marks = [json.load(open(path)) for path in outputs]
        made = [[m[0] for m in ms if m[3] == 200] for ms in marks]
        total = sum(len(m) for m in made)
        span = max(m[-1][2] for m in marks if m) - min(m[0][1] for m in marks if m)
        check("every mark answered 200", all(m[3] == 200 for ms in marks for m in ms),
              [m for ms in marks for m in ms if m[3] != 200][:3])
        print(f"marks: {total} in {span:.1f} s ({total / span:.1f} a second) from 2 processes")

        expected = set(made[0]) | set(made[1])
        deadline = time.time() + 30
        while time.time() < deadline and not all(expected <= {w for e in s.events for w in e[1]} for s in streams):
            time.sleep(0.1)
        for stream in streams:
            stream.stop = True

        complete = [expected <= {w for e in s.events for w in e[1]} for s in streams]
        check("every stream saw every mark", all(complete), f"{complete.count(False)} streams missed marks")
        gaps = []
        for stream in streams:
            numbers = [int(e[0].split(".")[1]) for e in stream.events if e[0]]
            if not numbers or numbers != list(range(numbers[0], numbers[0] + len(numbers))):
                gaps.append(numbers[:10])
        check("every stream's event ids count up without a gap", not gaps, gaps[:2])
        disorder = 0
        for stream in streams:
            arrival = {}
            for position, event in enumerate(stream.events):
                for watched in event[1]:
                    arrival.setdefault(watched, position)
            for sequence in made:
                positions = [arrival.get(episode, -1) for episode in sequence]
                disorder += sum(1 for a, b in zip(positions, positions[1:]) if a > b)
        check("each marker's marks arrive in the order they were made, on every stream", disorder == 0, f"{disorder} inversions")

        sent_at = {m[0]: m[2] for ms in marks for m in ms}
        latencies, same, other = [], [], []
        for index, stream in enumerate(streams):
            port = ports[index % 2]
            for event in stream.events:
                for watched in event[1]:
                    if watched in sent_at:
                        latency = event[2] - sent_at[watched]
                        latencies.append(latency)
                        marker_port = ports[0] if watched in set(made[0]) else ports[1]
                        (same if marker_port == port else other).append(latency)
        events = [len(s.events) for s in streams]
        print(f"events per stream: min {min(events)}, max {max(events)} (marks made close together arrive as one change)")
        print(f"mark answered → event on a stream: p50 {percentile(latencies, .5) * 1000:.0f} ms, "
              f"p99 {percentile(latencies, .99) * 1000:.0f} ms ({len(latencies)} deliveries)")
        print(f"  through the same server: p50 {percentile(same, .5) * 1000:.0f} ms, p99 {percentile(same, .99) * 1000:.0f} ms; "
              f"from the other process (through the database): p50 {percentile(other, .5) * 1000:.0f} ms, "
              f"p99 {percentile(other, .99) * 1000:.0f} ms")
        print(f"GET / (828 rows) during the load: {len(loaded_times)} pages, p50 {percentile(loaded_times, .5) * 1000:.0f} ms, "
              f"p99 {percentile(loaded_times, .99) * 1000:.0f} ms")
        idle = page_times(ports[0], args.pages)
        print(f"GET / (828 rows) idle: {len(idle)} pages, p50 {percentile(idle, .5) * 1000:.1f} ms, "
              f"p99 {percentile(idle, .99) * 1000:.1f} ms, mean {statistics.mean(idle) * 1000:.1f} ms")
        check("GET / served 828 rows every time", True)
        for path, times in other_page_times(ports[0], max(10, args.pages // 4)).items():
            print(f"GET {path} idle: {len(times)} pages, p50 {percentile(times, .5) * 1000:.1f} ms, p99 {percentile(times, .99) * 1000:.1f} ms")
        check("every other page answered 200 with its content", True)
    finally:
        for process, _ in servers:
            process.terminate()
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
        shutil.rmtree(folder, ignore_errors=True)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
