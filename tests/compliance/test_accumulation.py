"""The 25% Rule for a measured grease interceptor (Victorville 10.03.160(f); Inglewood Grease Interceptors and
BMPs (4))."""

import pytest

import compliance


@pytest.mark.parametrize(
    ("city", "depth", "level", "over", "cited"),
    [
        ("victorville", 48, 14, True, "10.03.160(f)(5)"),
        ("victorville", 48, 12, False, "10.03.160(f)(1)"),  # exactly 25% does not exceed it
        ("inglewood", 40, 11, True, "(4)(d)"),
        ("inglewood", 40, 9, False, "(4)(a)"),
    ],
)
def test_the_25_percent_rule_is_broken_only_above_a_quarter_of_the_depth(city, depth, level, over, cited):
    found = compliance.accumulation(city, depth, level, "inches")
    assert found.over is over and found.limit == depth / 4 and cited in found.citation
    assert f"{level} of {depth} inches" in found.reason


@pytest.mark.parametrize(("depth", "level"), [(0, 1), (10, 12), (10, -1)])
def test_impossible_measurements_are_refused_with_a_sentence(depth, level):
    with pytest.raises(compliance.ComplianceError, match="check both numbers"):
        compliance.accumulation("victorville", depth, level)
