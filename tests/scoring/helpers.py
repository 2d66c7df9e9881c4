"""Small helpers for the scoring tests."""

from scoring import DealResult, get_code, parse_contract, score_deal


def score(contract: str, declarer: str = "S", tricks: int = 0, code: str = "1915", **kw):
    """Score a deal given in the CLI's terms."""
    c = get_code(
        code,
        english_slams=kw.pop("english_slams", False),
        english_bidding=kw.pop("english_bidding", False),
    )
    return score_deal(DealResult(parse_contract(contract, c), declarer, tricks, **kw), c)


def reasons(s) -> list[str]:
    return [f"{i.side} {i.column} {i.points}: {i.reason}" for i in s.items]
