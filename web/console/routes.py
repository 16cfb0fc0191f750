"""The staff console's pages under ``/console``: sign-in, dashboard, lists with filters and CSV export,
a record's detail with its status workflow, drafted documents, and the unanswered questions.

Routes translate HTTP into calls to :mod:`store.work` and :mod:`store.staff` and render Jinja2 templates;
every record read is checked against the user's cities (another city's record is 403, by list or by URL).
"""

from __future__ import annotations

import datetime as dt
import hmac
import secrets
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import urlencode

from fastapi import APIRouter, Form, Request
from fastapi.responses import FileResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates

from store import staff, unanswered, work
from store.errors import StoreError
from store.sms import is_opted_out
from store.work import RECORD_KINDS
from web.console import views
from web.console.deps import (
    COOKIE_PATH,
    SESSION_COOKIE,
    SIGN_IN_COOKIE,
    DocumentsDirDep,
    FormUserDep,
    Refusal,
    Staff,
    UserDep,
    cookie_is_secure,
    require_role,
    signed_in,
)
from web.deps import EngineDep, NowDep, SettingsDep

TEMPLATES = Jinja2Templates(directory=Path(__file__).resolve().parent / "templates")
TEMPLATES.env.filters["label"] = views.label
TEMPLATES.env.filters["local_time"] = views.local_time
TEMPLATES.env.filters["changes"] = views.describe_changes
TEMPLATES.env.globals["views"] = views.VIEWS
TEMPLATES.env.globals["record_path"] = views.record_path
TEMPLATES.env.globals["status_labels"] = views.STATUS_LABELS
SIGN_IN_FAILED = (
    "That username and password do not match an active account, or the account is locked for a while."
)
SIGN_IN_COOKIE_SECONDS = 3600
UNANSWERED_DAYS = 90
AUDIT_PAGE_ROWS = 300
OUTSIDE_SCOPE = "You can only give access to the cities your own account covers."

router = APIRouter(prefix="/console", tags=["console"], include_in_schema=False)


def render(request: Request, name: str, context: dict[str, Any], *, status_code: int = 200) -> Response:
    return TEMPLATES.TemplateResponse(request, name, context, status_code=status_code)


def refusal_page(request: Request, refusal: Refusal) -> Response:
    """The page for a :class:`Refusal` (installed as the app's handler by :func:`web.console.install`)."""
    if refusal.location:
        return RedirectResponse(refusal.location, status_code=303)
    return render(
        request, "refused.html", {"message": refusal.message, "current": None}, status_code=refusal.status
    )


def _safe_next(target: str | None) -> str:
    """Only a path inside the console, so the sign-in page cannot redirect elsewhere."""
    if target and target.startswith("/console") and not target.startswith("//") and "\\" not in target:
        return target
    return "/console/"


# Sign-in and sign-out


@router.get("/sign-in")
def sign_in_page(
    request: Request,
    settings: SettingsDep,
    engine: EngineDep,
    now: NowDep,
    next: str = "/console/",
) -> Response:
    if signed_in(request, engine, now) is not None:
        return RedirectResponse(_safe_next(next), status_code=303)
    return _sign_in_form(request, settings, next=_safe_next(next))


def _sign_in_form(request: Request, settings: Any, *, next: str, error: str | None = None) -> Response:
    token = request.cookies.get(SIGN_IN_COOKIE) or secrets.token_urlsafe(32)
    context = {"current": None, "csrf_token": token, "next": next, "error": error}
    response = render(request, "sign_in.html", context, status_code=401 if error else 200)
    response.set_cookie(
        SIGN_IN_COOKIE,
        token,
        max_age=SIGN_IN_COOKIE_SECONDS,
        path=COOKIE_PATH,
        httponly=True,
        samesite="strict",
        secure=cookie_is_secure(settings),
    )
    return response


@router.post("/sign-in")
def sign_in(
    request: Request,
    settings: SettingsDep,
    engine: EngineDep,
    now: NowDep,
    username: Annotated[str, Form()] = "",
    password: Annotated[str, Form()] = "",
    csrf_token: Annotated[str, Form()] = "",
    next: Annotated[str, Form()] = "/console/",
) -> Response:
    cookie = request.cookies.get(SIGN_IN_COOKIE, "")
    if not cookie or not csrf_token or not hmac.compare_digest(cookie.encode(), csrf_token.encode()):
        raise Refusal(
            403, "The sign-in form expired or did not come from this site. Reload it and try again."
        )
    user = staff.authenticate(
        engine,
        username,
        password,
        max_failures=settings.console_max_failed_logins,
        lockout=dt.timedelta(minutes=settings.console_lockout_minutes),
        now=now,
    )
    if user is None:
        staff.audit(engine, actor=username.strip().lower()[:64] or "-", action="sign_in_failed", now=now)
        return _sign_in_form(request, settings, next=_safe_next(next), error=SIGN_IN_FAILED)
    token, _session = staff.start_session(
        engine, user["id"], lifetime=dt.timedelta(hours=settings.console_session_hours), now=now
    )
    staff.audit(engine, actor=user["username"], user_id=user["id"], action="sign_in", now=now)
    response = RedirectResponse(_safe_next(next), status_code=303)
    response.set_cookie(
        SESSION_COOKIE,
        token,
        max_age=settings.console_session_hours * 3600,
        path=COOKIE_PATH,
        httponly=True,
        samesite="strict",
        secure=cookie_is_secure(settings),
    )
    response.delete_cookie(SIGN_IN_COOKIE, path=COOKIE_PATH)
    return response


@router.post("/sign-out")
def sign_out(current: FormUserDep, engine: EngineDep, now: NowDep) -> Response:
    staff.end_session(engine, current.token)
    staff.audit(
        engine, actor=current.user["username"], user_id=current.user["id"], action="sign_out", now=now
    )
    response = RedirectResponse("/console/sign-in", status_code=303)
    response.delete_cookie(SESSION_COOKIE, path=COOKIE_PATH)
    return response


# Dashboard and unanswered questions


@router.get("/")
def dashboard(request: Request, current: UserDep, engine: EngineDep, now: NowDep) -> Response:
    counts = work.dashboard(engine, current.cities, now=now)
    return render(request, "dashboard.html", {"current": current, "counts": counts, "now": now})


@router.get("/unanswered")
def unanswered_questions(request: Request, current: UserDep, engine: EngineDep, now: NowDep) -> Response:
    since = now - dt.timedelta(days=UNANSWERED_DAYS)
    groups = unanswered.groups(engine, cities=list(current.cities), since=since, limit=50)
    context = {"current": current, "groups": groups, "days": UNANSWERED_DAYS}
    return render(request, "unanswered.html", context)


# Users and the audit log (admins)


@router.get("/audit")
def audit_page(request: Request, current: UserDep, engine: EngineDep, action: str = "") -> Response:
    require_role(current, "admin")
    entries = staff.audit_trail(engine, action=action or None, cities=current.cities, limit=AUDIT_PAGE_ROWS)
    context = {"current": current, "entries": entries, "action": action, "limit": AUDIT_PAGE_ROWS}
    return render(request, "audit.html", context)


@router.get("/users")
def users_page(request: Request, current: UserDep, engine: EngineDep) -> Response:
    require_role(current, "admin")
    return _users_page(request, current, engine)


def _users_page(
    request: Request, current: Staff, engine: Any, *, message: str | None = None, error: str | None = None
) -> Response:
    context = {
        "current": current,
        "users": staff.list_users(engine),
        "roles": staff.STAFF_ROLES,
        "city_options": views.city_options(current.cities),
        "message": message,
        "error": error,
    }
    return render(request, "users.html", context, status_code=400 if error else 200)


@router.post("/users")
async def create_user(request: Request, current: FormUserDep, engine: EngineDep, now: NowDep) -> Response:
    require_role(current, "admin")
    form = await request.form()
    username = str(form.get("username", ""))
    cities = [str(city) for city in form.getlist("cities")]
    if not set(cities) <= set(current.cities):
        return _users_page(request, current, engine, error=OUTSIDE_SCOPE)
    try:
        user = staff.create_user(
            engine,
            username=username,
            password=str(form.get("password", "")),
            role=str(form.get("role", "")),
            cities=cities,
            display_name=str(form.get("display_name", "")),
            now=now,
        )
    except StoreError as error:
        return _users_page(request, current, engine, error=str(error))
    _audit_user(engine, current, "user_created", user, {"role": user["role"], "cities": user["cities"]}, now)
    return _users_page(request, current, engine, message=f"Account {user['username']} created.")


@router.post("/users/{user_id}")
async def update_user(
    request: Request, user_id: int, current: FormUserDep, engine: EngineDep, now: NowDep
) -> Response:
    require_role(current, "admin")
    form = await request.form()
    before = staff.get_user(engine, user_id)
    if before is None:
        raise Refusal(404, f"There is no account with id {user_id}.")
    active = form.get("active") == "yes"
    if user_id == current.user["id"] and (not active or form.get("role") != "admin"):
        return _users_page(
            request, current, engine, error="You cannot deactivate or demote your own account."
        )
    cities = [str(city) for city in form.getlist("cities")]
    if not set(cities) <= set(current.cities):
        return _users_page(request, current, engine, error=OUTSIDE_SCOPE)
    try:
        user = staff.update_user(
            engine,
            user_id,
            role=str(form.get("role", "")),
            cities=cities,
            active=active,
            now=now,
        )
    except StoreError as error:
        return _users_page(request, current, engine, error=str(error))
    changes = {
        name: [before[name], user[name]]
        for name in ("role", "cities", "active")
        if before[name] != user[name]
    }
    _audit_user(engine, current, "user_changed", user, changes, now)
    return _users_page(request, current, engine, message=f"Account {user['username']} saved.")


@router.post("/users/{user_id}/password")
async def reset_password(
    request: Request, user_id: int, current: FormUserDep, engine: EngineDep, now: NowDep
) -> Response:
    require_role(current, "admin")
    form = await request.form()
    user = staff.get_user(engine, user_id)
    if user is None:
        raise Refusal(404, f"There is no account with id {user_id}.")
    try:
        staff.set_password(engine, user_id, str(form.get("password", "")), now=now)
    except StoreError as error:
        return _users_page(request, current, engine, error=str(error))
    _audit_user(engine, current, "password_reset", user, {}, now)
    return _users_page(request, current, engine, message=f"Password of {user['username']} reset.")


def _audit_user(
    engine: Any, current: Staff, action: str, user: dict, changes: dict, now: dt.datetime
) -> None:
    staff.audit(
        engine,
        actor=current.user["username"],
        user_id=current.user["id"],
        action=action,
        changes={"user": user["username"], **changes},
        now=now,
    )


# Lists, export, detail, status, documents


def _view(slug: str) -> views.ListView:
    view = views.VIEWS.get(slug)
    if view is None:
        raise Refusal(404, f"The console has no list called {slug!r}.")
    return view


@router.get("/{slug}")
def record_list(
    request: Request, slug: str, current: UserDep, engine: EngineDep, now: NowDep, page: str = "1"
) -> Response:
    view = _view(slug)
    filters = views.filters_from_query(view, request.query_params, current.cities)
    found = work.search(engine, view.kind, filters, page=int(page) if page.isdigit() else 1)
    query = views.filters_as_query(filters)
    context = {
        "current": current,
        "view": view,
        "filters": filters,
        "found": found,
        "overdue": {row["reference"] for row in found.rows if work.is_overdue(view.kind, row, now)},
        "query": urlencode(query),
        "page_query": lambda number: urlencode({**query, "page": number}),
        "city_options": views.city_options(current.cities),
        "work_statuses": work.WORK_STATUSES,
    }
    return render(request, "list.html", context)


@router.get("/{slug}/export.csv")
def export_csv(request: Request, slug: str, current: UserDep, engine: EngineDep, now: NowDep) -> Response:
    view = _view(slug)
    filters = views.filters_from_query(view, request.query_params, current.cities)
    rows = work.all_matching(engine, view.kind, filters)
    columns = [column.name for column in RECORD_KINDS[view.kind].table.c]
    staff.audit(
        engine,
        actor=current.user["username"],
        user_id=current.user["id"],
        action="export",
        record_kind=view.kind,
        changes={"filters": views.filters_as_query(filters), "rows": len(rows)},
        now=now,
    )
    filename = f"{view.slug}-{now.astimezone(views.CITY_ZONE):%Y%m%d-%H%M}.csv"
    return Response(
        views.csv_text(columns, rows),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{filename}"', "Cache-Control": "no-store"},
    )


def _visible_record(engine: Any, view: views.ListView, reference: str, current: Staff) -> dict:
    record = work.get_record(engine, view.kind, reference)
    if record is None:
        raise Refusal(404, f"There is no {view.singular} {reference}.")
    if not work.may_see(record, current.cities):
        raise Refusal(403, f"{record['reference']} belongs to a city your account does not cover.")
    return record


def _document_names(record: dict, documents_dir: Path) -> list[str]:
    names = (f"{record['reference']}.pdf", f"{record['reference']}-notice.pdf")
    return [name for name in names if (documents_dir / name).is_file()]


@router.get("/{slug}/{reference}")
def record_detail(
    request: Request,
    slug: str,
    reference: str,
    current: UserDep,
    engine: EngineDep,
    settings: SettingsDep,
    documents_dir: DocumentsDirDep,
    now: NowDep,
    done: str = "",
) -> Response:
    view = _view(slug)
    record = _visible_record(engine, view, reference, current)
    return _detail_page(request, view, record, current, engine, settings, documents_dir, now, done=done)


def _detail_page(
    request: Request,
    view: views.ListView,
    record: dict,
    current: Staff,
    engine: Any,
    settings: Any,
    documents_dir: Path,
    now: dt.datetime,
    *,
    done: str = "",
    error: str | None = None,
) -> Response:
    hidden = {"details", "transcript", "media_urls", "photo_urls", "screening"}
    fields = [
        (column.name, record[column.name])
        for column in RECORD_KINDS[view.kind].table.c
        if column.name not in hidden
    ]
    media = [url for url in record.get("media_urls") or record.get("photo_urls") or [] if _is_web_link(url)]
    transcript = record.get("transcript") or []
    excerpt = (
        [] if transcript else work.conversation_excerpt(settings.tracker_url, record.get("conversation_id"))
    )
    phone = work.reporter_phone(view.kind, record) if view.has_work_status else None
    transitions = []
    if view.has_work_status:
        for status in work.next_statuses(record["work_status"]):
            reopening = record["work_status"] == "closed"
            transitions.append(
                {
                    "to": status,
                    "label": views.action_label(view.kind, status, reopening=reopening),
                    "text": views.reporter_text(view.kind, record, status, reopening=reopening),
                    "note_required": reopening,
                }
            )
    context = {
        "current": current,
        "view": view,
        "record": record,
        "fields": fields,
        "details": record.get("details") or {},
        "screening": record.get("screening") or {},
        "media": media,
        "documents": _document_names(record, documents_dir),
        "transcript": transcript,
        "excerpt": excerpt,
        "notifications": work.notifications_for(engine, record["reference"]),
        "audit": staff.audit_trail(engine, reference=record["reference"]),
        "phone": phone,
        "opted_out": phone is not None and is_opted_out(engine, phone),
        "transitions": transitions,
        "can_change": view.has_work_status and current.may("staff"),
        "overdue": work.is_overdue(view.kind, record, now),
        "done": done,
        "error": error,
        "note_placeholder": views.NOTE_PLACEHOLDER,
        "max_text": views.MAX_TEXT_CHARS,
    }
    return render(request, "detail.html", context, status_code=400 if error else 200)


def _is_web_link(url: Any) -> bool:
    return isinstance(url, str) and url.startswith(("https://", "http://"))


@router.post("/{slug}/{reference}/status")
async def change_status(
    request: Request,
    slug: str,
    reference: str,
    current: FormUserDep,
    engine: EngineDep,
    settings: SettingsDep,
    documents_dir: DocumentsDirDep,
    now: NowDep,
) -> Response:
    view = _view(slug)
    require_role(current, "staff")
    record = _visible_record(engine, view, reference, current)
    if not view.has_work_status:
        raise Refusal(404, f"A {view.singular} has no work status.")
    form = await request.form()
    note = str(form.get("note", "")).strip()
    text = views.final_text(str(form.get("text", "")), note) if form.get("text_reporter") == "yes" else None
    if text and len(text) > views.MAX_TEXT_CHARS:
        error = f"The text is {len(text)} characters; keep it to {views.MAX_TEXT_CHARS} (two messages)."
        return _detail_page(request, view, record, current, engine, settings, documents_dir, now, error=error)
    try:
        change = work.change_work_status(
            engine,
            view.kind,
            record["reference"],
            to=str(form.get("to", "")),
            note=note,
            actor=current.user,
            text=text or None,
            now=now,
        )
    except StoreError as error:
        return _detail_page(
            request, view, record, current, engine, settings, documents_dir, now, error=str(error)
        )
    done = (
        "texted"
        if change.texted_to
        else "opted_out"
        if change.opted_out
        else "no_phone"
        if text
        else "changed"
    )
    return RedirectResponse(f"/console/{view.slug}/{change.record['reference']}?done={done}", status_code=303)


@router.get("/{slug}/{reference}/documents/{name}")
def document(
    slug: str, reference: str, name: str, current: UserDep, engine: EngineDep, documents_dir: DocumentsDirDep
) -> Response:
    view = _view(slug)
    record = _visible_record(engine, view, reference, current)
    if name not in _document_names(record, documents_dir):
        raise Refusal(404, f"There is no drafted document {name!r} for {record['reference']}.")
    return FileResponse(documents_dir / name, media_type="application/pdf", filename=name)
