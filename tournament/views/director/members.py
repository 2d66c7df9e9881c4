"""The club's member register: the list (with contact details, directors only), a
member added or changed or removed, guests made members or merged, a membership
list imported (previewed, then confirmed) and exported, and the club's settings.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core import signing
from django.db.models import Count, Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.text import slugify

from scoring.wording import count

from ... import text
from ...access import club_member, club_view
from ...exports import club as club_files
from ...forms.members import ClubForm, MemberForm, MemberImportForm
from ...models import Club, Member
from ...models.club import in_register_order
from ...queries import club as club_queries
from ...services import ServiceError, members, user_message
from ...services.members import MemberRow
from . import director_actor

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
# The preview's rows travel to the confirmation signed (no one can change them on the
# way) and for an hour at most.
IMPORT_SALT = "tournament.members.import"
IMPORT_MAX_AGE = 3600


def _register(club: Club, q: str) -> list[Member]:
    """The register (or the members a search finds) in its order, each with his evenings."""
    found = Member.objects.filter(club=club).annotate(played=Count("players"))
    if q:
        found = found.filter(Q(name__icontains=q) | Q(number__iexact=q))
    return in_register_order(found)


@club_view
def member_list(request: HttpRequest, club: Club) -> HttpResponse:
    q = request.GET.get("q", "").strip()[:80]
    form = MemberForm(request.POST or None, initial={"active": True})
    if request.method == "POST" and form.is_valid():
        try:
            member = members.save_member(club, form.row())
        except ServiceError as e:
            form.add_error(None, user_message(e))
        else:
            messages.success(request, f"{member.name} is on the register.")
            return redirect("director_members")
    register = _register(club, q)
    return render(
        request,
        "director/members.html",
        {
            "club": club,
            "members": [m for m in register if not m.guest],
            "guests": [m for m in register if m.guest],
            "form": form,
            "q": q,
        },
    )


@club_view
def member_detail(request: HttpRequest, club: Club, pk: int) -> HttpResponse:
    """A member's record and contact details, and every evening played (published or not)."""
    member = club_member(club, pk)
    form = MemberForm(request.POST or None, initial=MemberForm.initial_of(member))
    if request.method == "POST" and form.is_valid():
        try:
            members.save_member(club, form.row(), member)
        except ServiceError as e:
            form.add_error(None, user_message(e))
        else:
            messages.success(request, "Member saved.")
            return redirect("director_member", member.pk)
    return _member_page(request, club, member, form)


def _member_page(
    request: HttpRequest, club: Club, member: Member, form: MemberForm, make_number: str = ""
) -> HttpResponse:
    """The member's page; ``make_number``: the number typed to make a guest a member,
    shown again beside its refusal."""
    played = club_queries.history(member, public=False)
    return render(
        request,
        "director/member.html",
        {
            "club": club,
            "member": member,
            "form": form,
            "make_number": make_number,
            "played": played,
            "public_page": any(p.event.is_public for p in played),
            "chart": club_queries.history_chart(played),
            "choices": in_register_order(
                Member.objects.filter(club=club, guest=False).exclude(pk=member.pk)
            ),
        },
    )


@club_view
def member_action(request: HttpRequest, club: Club, pk: int, action: str) -> HttpResponse:
    """Remove a member, make a guest a member, or merge a guest into a member (POST)."""
    if request.method != "POST":
        return redirect("director_member", pk)
    member = club_member(club, pk)
    try:
        if action == "remove":
            members.remove_member(member)
            messages.success(
                request,
                f"{member.name} is off the register; the evenings played keep the name.",
            )
            return redirect("director_members")
        if action == "make-member":
            number = request.POST.get("number", "").strip()[: members.NUMBER_MAX]
            try:
                members.make_member(member, number)
            except ServiceError as e:  # the page again, the number typed kept beside why
                messages.error(request, user_message(e))
                form = MemberForm(initial=MemberForm.initial_of(member))
                return _member_page(request, club, member, form, text.NEVER.sub("?", number))
            messages.success(request, f"{member.name} is a member now.")
        elif action == "merge":
            into_pk = request.POST.get("into", "")
            into = club_member(club, int(into_pk)) if into_pk.isdigit() else None
            if into is None:
                raise ServiceError("Choose the member this guest really was.")
            moved = members.merge_member(member, into, by=director_actor(request))
            messages.success(
                request,
                f"{member.name} merged into {into.name}: {count(moved, 'evening')} played "
                f"now {into.name}'s.",
            )
            return redirect("director_member", into.pk)
        else:
            raise Http404("No such action")
    except ServiceError as e:
        messages.error(request, user_message(e))
    return redirect("director_member", pk)


@club_view
def member_import(request: HttpRequest, club: Club) -> HttpResponse:
    """Upload a list and see what it would do; nothing is stored until it is confirmed."""
    if request.method == "POST" and "confirm" in request.POST:
        try:
            rows = signing.loads(
                request.POST.get("rows", ""), salt=IMPORT_SALT, max_age=IMPORT_MAX_AGE
            )
        except signing.BadSignature:
            messages.error(
                request, "That preview is too old or was changed; upload the list again."
            )
            return redirect("director_member_import")
        plan = members.import_members(club, [(line, MemberRow(*row)) for line, *row in rows])
        messages.success(
            request,
            f"Imported: {len(plan.added)} added, {len(plan.updated)} updated, "
            f"{len(plan.unchanged)} unchanged.",
        )
        return redirect("director_members")
    posted = request.method == "POST"
    form = MemberImportForm(request.POST if posted else None, request.FILES if posted else None)
    context: dict[str, Any] = {"club": club, "form": form}
    if request.method == "POST" and form.is_valid():
        read = form.cleaned_data["file"]
        plan = members.import_plan(club, read.rows)
        refused = sorted(read.refused + plan.refused)
        good = [(line, row) for line, row in read.rows if line not in {r[0] for r in plan.refused}]
        context.update(
            preview=plan,
            refused=refused,
            columns=read.columns,
            header_line=read.header_line,
            # Each member updated, the row, and the surname he will be sorted under.
            updated=[(m, r, r.surname_for(m)) for m, r in plan.updated],
            rows=signing.dumps(
                [
                    [line, r.name, r.number, r.email, r.phone, r.active, r.surname]
                    for line, r in good
                ],
                salt=IMPORT_SALT,
                compress=True,
            ),
        )
    return render(request, "director/member_import.html", context)


@club_view
def member_download(request: HttpRequest, club: Club, fmt: str) -> HttpResponse:
    """The register as XLSX or CSV, contact details included: the club's directors only."""
    if fmt == "xlsx":
        body, kind = club_files.members_xlsx_bytes(club), XLSX
    elif fmt == "csv":
        body, kind = club_files.members_csv_bytes(club), "text/csv; charset=utf-8"
    else:
        raise Http404("No such format")
    response = HttpResponse(body, content_type=kind)
    name = slugify(club.short_name or club.name) or "club"
    response["Content-Disposition"] = f'attachment; filename="{name}-members.{fmt}"'
    response["Cache-Control"] = "private, no-store"
    return response


@club_view
def club_settings(request: HttpRequest, club: Club) -> HttpResponse:
    form = ClubForm(request.POST or None, instance=club)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, "The club's settings are saved.")
        return redirect("director_club")
    return render(request, "director/club.html", {"club": club, "form": form})
