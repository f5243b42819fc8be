"""Rules text generated from effect operations reads naturally for special values."""

from toolkit.games.caravans.content import ops


def test_a_full_recruit_discount_reads_as_free():
    full = ops.RecruitDiscount(percent=100)
    assert ops.describe("recruit_discount", full, "en", {}) == "Recruiting is free"
    assert ops.describe("recruit_discount", full, "zh", {}) == "征召雇佣兵免费"


def test_other_values_use_the_template():
    half = ops.RecruitDiscount(percent=50)
    assert ops.describe("recruit_discount", half, "en", {}) == "Recruiting costs 50% less"
    assert ops.describe("recruit_discount", half, "zh", {}) == "征召雇佣兵便宜50%"
