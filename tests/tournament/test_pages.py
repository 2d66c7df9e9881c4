"""The public pages: home, the movement planner and the deal calculator."""

import pytest


@pytest.mark.django_db
def test_home_says_what_the_app_is(client):
    page = client.get("/").content.decode()
    assert "duplicate Auction Bridge" in page
    assert "Whist Club 1915" in page and "Royalton" in page


@pytest.mark.django_db
def test_movement_planner(client):
    page = client.get("/movements/", {"kind": "howell", "tables": 3, "boards_per_round": 2})
    text = page.content.decode()
    assert "Howell, 3 tables, 5 rounds" in text
    assert "Guide cards" in text and "Table 3" in text


@pytest.mark.django_db
def test_movement_planner_rejects_and_keeps_input(client):
    text = client.get(
        "/movements/", {"kind": "howell", "tables": 17, "boards_per_round": 2}
    ).content.decode()
    assert "offered for up to 16 tables" in text
    assert 'value="17"' in text  # what the director typed is kept


@pytest.mark.django_db
def test_calculator_scores_and_itemises(client):
    text = client.get(
        "/calculator/",
        {
            "code": "1915",
            "contract": "3HX",
            "declarer": "S",
            "tricks": 7,
            "revokes_ew": 1,
            "revoke_penalty": "tricks",
            "premium": "on",
        },
    ).content.decode()
    assert "189" in text and "duplicate premium" in text
    assert "worth more to declarer" in text


@pytest.mark.django_db
def test_calculator_explains_errors(client):
    text = client.get(
        "/calculator/", {"code": "1915", "contract": "9H", "declarer": "S", "tricks": 7}
    ).content.decode()
    assert "is not a contract" in text and 'value="9H"' in text
