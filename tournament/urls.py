"""URL routes of Duplicate Auction."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import path

from . import views

urlpatterns = [
    path("", views.home, name="home"),
    path("movements/", views.movement_preview, name="movement_preview"),
    path("calculator/", views.deal_calculator, name="deal_calculator"),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
]
