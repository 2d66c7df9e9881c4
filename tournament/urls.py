"""URL routes of Duplicate Auction."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import path
from django.views.generic import RedirectView

from .views import club, contests, display, events, files, individuals, leagues, public, site
from .views.director import (
    accounts,
    cards,
    field,
    mail,
    members,
    movements,
    panel,
    results,
    rulings,
    seasons,
    setup,
)
from .views.scorer import board, rounds, seats

# The server error page must not depend on what may have failed (see errors.py).
handler500 = "tournament.errors.server_error"

urlpatterns = [
    path("", public.home, name="home"),
    path("clubs/<int:pk>/", public.club_home, name="club_home"),
    # The whole service: its clubs (the site administrator's).
    path("site/clubs/", site.clubs_page, name="site_clubs"),
    path("movements/", public.movement_preview, name="movement_preview"),
    path("calculator/", public.deal_calculator, name="deal_calculator"),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    # The admin's own "Change password" link leads to the Directors page's.
    path("admin/password_change/", RedirectView.as_view(pattern_name="password_change")),
    path("admin/", admin.site.urls),
    # Results, public once published.
    path("events/", events.published_events, name="events"),
    path("events/<int:pk>/", events.event_standings, name="event_standings"),
    path("events/<int:pk>/boards/<int:number>/", events.event_traveller, name="event_traveller"),
    path("events/<int:pk>/pairs/<str:label>/", events.event_pair, name="event_pair"),
    path("events/<int:pk>/players/<str:label>/", individuals.event_player, name="event_player"),
    path(
        "events/<int:pk>/results/<int:result_id>/codes/",
        events.result_every_code,
        name="event_every_code",
    ),
    path("events/<int:pk>/hand-records/", files.hand_records, name="event_hand_records"),
    path("events/<int:pk>/download/<str:fmt>/", files.public_download, name="event_download"),
    # The club across evenings: a member's evenings, a season, a pair's short link.
    path("members/<int:pk>/", club.member_page, name="member_page"),
    path("seasons/<int:pk>/", club.season_standings, name="season_standings"),
    path("seasons/<int:pk>/download/<str:fmt>/", club.season_download, name="season_download"),
    path("p/<str:code>/", club.short_link, name="short_link"),
    # The room display (projector or TV): its private link, or the event's once published.
    path("display/<str:token>/", display.room_display, name="room_display"),
    path("events/<int:pk>/display/", display.event_display, name="event_display"),
    # The table scorer's tablet: a private link per table.
    path("t/<str:token>/", rounds.scorer_home, name="scorer_home"),
    path("t/<str:token>/boards/<int:number>/", board.scorer_board, name="scorer_board"),
    path(
        "t/<str:token>/boards/<int:number>/preview/",
        board.scorer_preview,
        name="scorer_preview",
    ),
    path(
        "t/<str:token>/boards/<int:number>/auction/", rounds.scorer_auction, name="scorer_auction"
    ),
    path("t/<str:token>/results/<int:result_id>/", board.scorer_result, name="scorer_result"),
    path(
        "t/<str:token>/results/<int:result_id>/change/",
        board.scorer_change,
        name="scorer_change",
    ),
    path("t/<str:token>/agree/", rounds.scorer_agree, name="scorer_agree"),
    path("t/<str:token>/rounds/<int:round_no>/next/", rounds.scorer_next, name="scorer_next"),
    path("t/<str:token>/call/", rounds.scorer_call, name="scorer_call"),
    path("t/<str:token>/seats/", seats.scorer_seats, name="scorer_seats"),
    # The director.
    path("director/", setup.event_list, name="director_events"),
    path("director/events/new/", setup.event_create, name="director_event_create"),
    # The club's director accounts.
    path("director/accounts/", accounts.directors_page, name="director_accounts"),
    path(
        "director/accounts/<int:pk>/password/",
        accounts.director_password,
        name="director_account_password",
    ),
    path(
        "director/accounts/<int:pk>/remove/",
        accounts.director_remove,
        name="director_account_remove",
    ),
    # The club: its settings, member register and seasons.
    path("director/club/", members.club_settings, name="director_club"),
    path("director/members/", members.member_list, name="director_members"),
    path("director/members/import/", members.member_import, name="director_member_import"),
    path(
        "director/members/download/<str:fmt>/",
        members.member_download,
        name="director_member_download",
    ),
    path("director/members/<int:pk>/", members.member_detail, name="director_member"),
    path(
        "director/members/<int:pk>/<str:action>/",
        members.member_action,
        name="director_member_action",
    ),
    path("director/movements/", movements.movement_list, name="director_movements"),
    path(
        "director/movements/library.csv",
        movements.movement_library_csv,
        name="director_movement_library",
    ),
    path(
        "director/movements/<int:pk>/csv/",
        movements.movement_download,
        name="director_movement_download",
    ),
    path("director/seasons/", seasons.season_list, name="director_seasons"),
    path("director/seasons/<int:pk>/", seasons.season_page, name="director_season"),
    path(
        "director/seasons/<int:pk>/download/<str:fmt>/",
        seasons.season_download,
        name="director_season_download",
    ),
    path("director/password/", accounts.OwnPasswordView.as_view(), name="password_change"),
    path("director/contests/new/", contests.contest_create, name="director_contest_create"),
    path("director/contests/<int:pk>/", contests.contest_page, name="director_contest"),
    path(
        "director/contests/<int:pk>/seat/<int:session>/",
        contests.contest_seat,
        name="director_contest_seat",
    ),
    path(
        "director/contests/<int:pk>/<str:action>/",
        contests.contest_action,
        name="director_contest_action",
    ),
    path("contests/<int:pk>/", contests.contest_standings, name="contest_standings"),
    path(
        "contests/<int:pk>/download/<str:fmt>/",
        contests.contest_download,
        name="contest_download",
    ),
    path("director/leagues/new/", leagues.league_create, name="director_league_create"),
    path("director/leagues/<int:pk>/", leagues.league_page, name="director_league"),
    path(
        "director/leagues/<int:pk>/<str:action>/",
        leagues.league_action,
        name="director_league_action",
    ),
    path("leagues/<int:pk>/", leagues.league_standings, name="league_standings"),
    path("leagues/<int:pk>/download/<str:fmt>/", leagues.league_download, name="league_download"),
    path("director/events/<int:pk>/", panel.control_panel, name="director_event"),
    path("director/events/<int:pk>/players/", setup.players, name="director_players"),
    path("director/events/<int:pk>/field/", field.field, name="director_field"),
    path(
        "director/events/<int:pk>/boards/<int:number>/",
        results.enter_traveller,
        name="director_traveller",
    ),
    path(
        "director/events/<int:pk>/boards/<int:number>/irregular/",
        rulings.irregular,
        name="director_irregular",
    ),
    path(
        "director/events/<int:pk>/boards/<int:number>/adjust/",
        rulings.adjust,
        name="director_adjust",
    ),
    path(
        "director/events/<int:pk>/results/<int:result_id>/",
        results.result_detail,
        name="director_result",
    ),
    path(
        "director/events/<int:pk>/results/<int:result_id>/void/",
        results.void,
        name="director_void",
    ),
    path(
        "director/events/<int:pk>/rounds/<int:number>/<str:action>/",
        panel.round_action,
        name="director_round",
    ),
    path(
        "director/events/<int:pk>/rounds/<int:number>/tables/<int:table>/absent/",
        panel.absent,
        name="director_absent",
    ),
    path("director/events/<int:pk>/absent/", panel.absent, name="director_absent_pick"),
    path(
        "director/events/<int:pk>/display/<str:action>/",
        panel.room_control,
        name="director_display",
    ),
    path("director/events/<int:pk>/rulings/", rulings.rulings_log, name="director_rulings"),
    path(
        "director/events/<int:pk>/rulings/<int:number>/<int:table>/<int:board_number>/",
        rulings.ruling,
        name="director_ruling",
    ),
    path(
        "director/events/<int:pk>/seats/<int:table>/<str:seat>/",
        panel.settle_seat,
        name="director_settle_seat",
    ),
    path("director/events/<int:pk>/publish/", panel.publish, name="director_publish"),
    path("director/events/<int:pk>/factoring/", panel.factoring, name="director_factoring"),
    path("director/events/<int:pk>/mail/", mail.score_card_mail, name="director_mail"),
    path("director/events/<int:pk>/guide-cards/", cards.guide_cards, name="director_guides"),
    path("director/events/<int:pk>/table-cards/", cards.table_cards, name="director_tables"),
    path("director/events/<int:pk>/audit/", panel.audit_log, name="director_audit"),
    path("director/events/<int:pk>/links/", cards.table_links, name="director_links"),
    path("director/events/<int:pk>/deals/", files.director_deals, name="director_deals"),
    path("director/events/<int:pk>/deals/solving/", files.director_job, name="director_job"),
    path("director/events/<int:pk>/exports/", files.director_export, name="director_export"),
    path(
        "director/events/<int:pk>/exports/<int:job_id>/file/",
        files.director_export_file,
        name="director_export_file",
    ),
    path(
        "director/events/<int:pk>/download/<str:fmt>/",
        files.director_download,
        name="director_download",
    ),
    path(
        "director/events/<int:pk>/calls/<int:call_id>/answer/",
        panel.answer_call,
        name="director_answer_call",
    ),
]
