"""The per-writer table: each writer's items counted with the report's own metrics."""

from evaluation.harness.writers import table, tally


def _single(writer: str, right: bool, more: bool | None = None) -> dict:
    record = {
        "kind": "singles",
        "language": "en",
        "split": "dev",
        "writer": writer,
        "verdict": {"main_point": right},
    }
    if more is not None:
        record["verdict_with_more"] = {"main_point": more}
    return record


def test_each_writer_is_counted_apart_and_sms_more_parts_count_for_singles():
    records = [
        _single("w1", True),
        _single("w1", False, more=True),  # right once MORE was read
        _single("w7", False),
        {"kind": "sorting", "language": "en", "split": "dev", "writer": "w7", "verdict": {"right": True}},
        {
            "kind": "conversations",
            "language": "en",
            "split": "dev",
            "writer": "w7",
            "fully_right": False,
            "turns": [{"verdict": {"check": True, "ok": True}}, {"verdict": {"check": None, "ok": False}}],
        },
    ]
    rows = tally(records)
    assert rows[("en", "dev", "w1")][("singles", "main_point_more")] == [True, True]
    assert rows[("en", "dev", "w7")][("conversations", "check")] == [True]  # an unchecked turn is not counted
    lines = table(records).splitlines()
    assert lines[2] == "| en | dev | w1 | 100% (2/2) | – | – | – |"
    assert lines[3] == "| en | dev | w7 | 0% (0/1) | 100% (1/1) | 100% (1/1) | 0% (0/1) |"
