"""The hand record's double-dummy grid with the par marked."""

from django.urls import reverse

from scoring.par import par_cell
from tournament.models import Board
from tournament.queries import hand_records


def test_the_grid_is_the_double_dummy_table_with_the_par_cell_marked(demo, client):
    pairs_event, _ = demo
    board = Board.objects.filter(event=pairs_event).exclude(dd_tricks=None).first()
    record = hand_records.hand_record(board)
    # The grid's numbers are the stored table's, row by row; bold from seven tricks.
    for seat, row in record["dd_rows"]:
        assert [n for n, _, _ in row] == [board.dd_tricks[seat][s] for s in record["strains"]]
        assert [makes for n, makes, _ in row] == [n >= 7 for n, _, _ in row]
    marked = [
        (seat, strain)
        for seat, row in record["dd_rows"]
        for strain, (_, _, is_par) in zip(record["strains"], row, strict=True)
        if is_par
    ]
    assert marked == ([par_cell(record["par"])] if par_cell(record["par"]) else [])
    page = client.get(reverse("event_hand_records", args=[pairs_event.pk])).content.decode()
    assert page.count('class="num makes par-cell"') + page.count('class="num par-cell"') >= 1
    assert "the par contract" in page


def test_the_par_mark_is_the_word_par_never_a_suit_like_shape(demo, client):
    """The par cell was marked ◆, read as the diamond suit (and on demo board 2 it sat in
    the ♦ column): now the cell is outlined and carries the word "par", which a screen
    reader reads too, and the caption says so."""
    import re

    pairs_event, _ = demo
    page = client.get(reverse("event_hand_records", args=[pairs_event.pk])).content.decode()
    assert "◆" not in page
    cells = re.findall(r'<td class="num(?: makes)? par-cell">(.*?)</td>', page)
    assert cells and all(c.startswith('<span class="par-badge">par</span> ') for c in cells)
    assert re.search(r"[^>]+\d+$", cells[0])  # the tricks still follow the badge
    assert 'marked <span class="par-badge">par</span>: the par contract' in page
