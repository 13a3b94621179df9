"""Starledger settings: one file, every deployment knob read from the environment.

Development needs no environment at all (DEBUG defaults on, SQLite under db/). Production sets
DEBUG=0, SECRET_KEY, ALLOWED_HOSTS and usually DATABASE_URL; see README.md for the full list.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from config.env import database_from_url, envbool, envint, envlist, sqlite_database

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = envbool("DEBUG", True)

# A fixed key is harmless while DEBUG is on (nothing is exposed); without DEBUG a missing key
# would sign sessions with a public value, so refuse to start.
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set in the environment when DEBUG is off.")
    SECRET_KEY = "django-insecure-starledger-development-key-do-not-use-in-production"

ALLOWED_HOSTS = envlist("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = envlist("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "allauth",
    "allauth.account",
    "django_htmx",
    "cards",
    "campaign",
    "play",
    "story",
    "home",
    "ratelimits",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "common.params.RefuseControlCharacters",  # 404 for a NUL or another control character
    "common.csp.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
    {  # the boards only (play/jinja.py); rendered by name through play.jinja.render
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "NAME": "jinja2",
        "DIRS": [BASE_DIR / "templates" / "jinja2"],
        "APP_DIRS": False,
        "OPTIONS": {"environment": "play.jinja.environment"},
    },
]

# --- Database -----------------------------------------------------------------------------------
_DATABASE_URL = os.environ.get("DATABASE_URL", "")
DATABASES = {
    "default": (
        database_from_url(_DATABASE_URL, BASE_DIR)
        if _DATABASE_URL
        else sqlite_database(BASE_DIR / "db" / "starledger.sqlite3")
    )
}
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # SQLite will not create the folder for its file.
    Path(DATABASES["default"]["NAME"]).parent.mkdir(parents=True, exist_ok=True)
    # Tests use a file too, not Django's shared-cache in-memory database: that one answers a
    # concurrent writer with "table is locked" at once, ignoring the busy timeout, so tests of
    # concurrent requests would not see what the site sees. One file per process, so two test
    # runs in the same checkout do not collide.
    DATABASES["default"]["TEST"] = {
        "NAME": str(Path(tempfile.gettempdir()) / f"starledger-test-{os.getpid()}.sqlite3")
    }
elif envbool("DATABASE_POOL", False):
    # A pool of PostgreSQL connections per web process (psycopg_pool, Django's "pool" option):
    # without it every request opens and closes a connection, a new server process each time.
    # The web server sets DATABASE_POOL (scripts/serve); the task workers do not, since their
    # processes fork and a pool's connections and threads must not cross a fork. A fixed size:
    # a pool that grows on demand made the requests of a burst wait for new connections.
    _POOL_SIZE = envint("DATABASE_POOL_SIZE", 8)
    DATABASES["default"]["OPTIONS"]["pool"] = {
        "min_size": _POOL_SIZE, "max_size": _POOL_SIZE, "timeout": 10}
else:
    # Without a pool (the task workers): keep each thread's connection. Django's default closes
    # it after every request, and django-q2 calls that after every task and every look at the
    # queue, so a worker started a new PostgreSQL server process several times a second.
    DATABASES["default"]["CONN_MAX_AGE"] = envint("DATABASE_CONN_MAX_AGE", 300)
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True  # a connection the server dropped is renewed
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Accounts (django-allauth) ------------------------------------------------------------------
# Django's and allauth's backends, reading the request's user in one query (common/auth.py).
AUTHENTICATION_BACKENDS = [
    "common.auth.ModelBackend",
    "common.auth.AuthenticationBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_FORMS = {"login": "home.forms.StarledgerLoginForm"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email*", "password1*", "password2*"]
# Players sign up at the table; a confirmation mail is sent but never blocks them.
ACCOUNT_EMAIL_VERIFICATION = os.environ.get("ACCOUNT_EMAIL_VERIFICATION", "optional")
ACCOUNT_LOGOUT_REDIRECT_URL = "/"
LOGIN_URL = "account_login"
LOGIN_REDIRECT_URL = "home"
ACCOUNT_SIGNUP_REDIRECT_URL = "/?welcome=1"  # a new player is greeted "Welcome", not "Welcome back"

# --- Email: printed to the console unless an SMTP host is configured ----------------------------
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_BACKEND = (
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend"
)
EMAIL_PORT = envint("EMAIL_PORT", 587)
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = envbool("EMAIL_USE_TLS", True)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Starledger <noreply@localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
# E-mails are sent from background tasks, with no request to take the host from: links use this.
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000")

# --- Internationalization -----------------------------------------------------------------------
LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("ru", _("Russian"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_TZ = True

# --- Static files: WhiteNoise serves them when DEBUG is off (no separate web server needed) ------
STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
STATICFILES_DIRS = [BASE_DIR / "static"]
MEDIA_URL = "media/"
MEDIA_ROOT = BASE_DIR / "media"
# Drawn card images (cards.render), one PNG per face, language and size; safe to delete.
CARD_CACHE_DIR = Path(os.environ.get("CARD_CACHE_DIR", BASE_DIR / "db" / "card-cache"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# --- Security: HTTPS defaults follow DEBUG; HTTPS=0 serves plain http (a local, non-debug run) ---
HTTPS = envbool("HTTPS", not DEBUG)
SECURE_SSL_REDIRECT = HTTPS
# Every cookie: Secure over HTTPS, SameSite=Lax, and HttpOnly, since no script reads one (htmx
# sends the CSRF token from base.html's hx-headers). Django's defaults leave the language cookie
# without any of the three and the CSRF cookie readable by scripts. The messages cookie follows
# the session cookie's flags.
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = LANGUAGE_COOKIE_SECURE = HTTPS
SESSION_COOKIE_SAMESITE = CSRF_COOKIE_SAMESITE = LANGUAGE_COOKIE_SAMESITE = "Lax"
SESSION_COOKIE_HTTPONLY = CSRF_COOKIE_HTTPONLY = LANGUAGE_COOKIE_HTTPONLY = True
SECURE_HSTS_SECONDS = envint("SECURE_HSTS_SECONDS", 31_536_000 if HTTPS else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = envbool("SECURE_HSTS_INCLUDE_SUBDOMAINS", HTTPS)
SECURE_HSTS_PRELOAD = envbool("SECURE_HSTS_PRELOAD", HTTPS)
if envbool("BEHIND_PROXY", False):
    # Only trust X-Forwarded-Proto when a reverse proxy that sets it sits in front.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# --- Limits: upload size, rate limits, the restore window (README "Limits") ---------------------
# A campaign backup or pack file above this many bytes is refused with a form error, nothing
# stored. common.uploads.SizeLimitUploadHandler stops keeping a larger upload's bytes at once, so
# it reaches neither memory nor disk; the form then sees its real size and refuses it.
IMPORT_MAX_BYTES = envint("IMPORT_MAX_BYTES", 2 * 1024 * 1024)
FILE_UPLOAD_HANDLERS = [
    "common.uploads.SizeLimitUploadHandler",
    "django.core.files.uploadhandler.MemoryFileUploadHandler",
    "django.core.files.uploadhandler.TemporaryFileUploadHandler",
]
# An upload up to the import limit stays in memory (it is parsed as JSON there anyway).
FILE_UPLOAD_MAX_MEMORY_SIZE = IMPORT_MAX_BYTES
# Form fields other than files (a pack editor's JSON textarea is the largest): 400 above this.
DATA_UPLOAD_MAX_MEMORY_SIZE = envint("DATA_UPLOAD_MAX_MEMORY_SIZE", IMPORT_MAX_BYTES)

# Fixed-window rate limits per user and action (common.ratelimit): (requests, window seconds);
# a count of 0 turns the limit off. Counted in the database (ratelimits), so every server process
# and host shares them.
RATE_LIMITS = {
    "campaign-import": (envint("RATE_LIMIT_IMPORTS_PER_HOUR", 20), 3600),
    "pack-import": (envint("RATE_LIMIT_IMPORTS_PER_HOUR", 20), 3600),
    "pack-copy": (envint("RATE_LIMIT_PACK_COPIES_PER_HOUR", 30), 3600),
    # every save of an owner's editor (cards, sheets, scenarios, VP cards, opening envelopes)
    "pack-edit": (envint("RATE_LIMIT_PACK_EDITS_PER_HOUR", 300), 3600),
    "match-create": (envint("RATE_LIMIT_MATCHES_PER_HOUR", 60), 3600),
}
# Django's cache (allauth counts failed logins in it) is per process unless CACHE_TABLE names a
# database table (create it once: python manage.py createcachetable).
CACHE_TABLE = os.environ.get("CACHE_TABLE", "")
SESSION_CACHE_TABLE = "starledger_session_cache"
CACHES = {
    "default": (
        {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": CACHE_TABLE}
        if CACHE_TABLE
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    ),
    # Sessions are read on every request, the board's fetches several times a second. The
    # session table through the ORM cost about 2 ms of CPU a read (the query built and compiled
    # each time); Django's cached_db engine reads this database cache first, one plain SELECT
    # (0.4 ms), and falls back to the session table. The table is shared by every process (a
    # log-out in one is a log-out in all) and made by migrate (home/migrations/0003).
    "sessions": {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": SESSION_CACHE_TABLE,
        "OPTIONS": {"MAX_ENTRIES": 200_000},  # past it, the oldest third falls back to the table
    },
}
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
SESSION_CACHE_ALIAS = "sessions"

# A deleted campaign stays restorable by each of its members for this many days; after that it
# is hidden for good (kept in the database, restorable only by an administrator).
CAMPAIGN_RESTORE_DAYS = envint("CAMPAIGN_RESTORE_DAYS", 30)

# --- Background tasks: django-q2 with the database as its broker (play/tasks.py) ----------------
# `python manage.py run_workers` (started by scripts/serve) runs TASK_WORKERS worker processes on
# this host; more hosts with the same DATABASE_URL and SECRET_KEY may run it too. TASKS_SYNC=1 runs
# every task at once inside the request instead (the test suite; a bare `runserver` without one).
INSTALLED_APPS += ["django_q"]
TASKS_SYNC = envbool("TASKS_SYNC", False)
TASK_WORKERS = envint("TASK_WORKERS", 2)
Q_CLUSTER = {
    "name": "starledger",
    "orm": "default",  # the ORM broker: the queue is a table in the site's database
    "workers": TASK_WORKERS,
    # A task running longer than this is killed (and retried); a leased task whose worker died is
    # handed out again after `retry` seconds, which must exceed the timeout.
    "timeout": envint("TASK_TIMEOUT_SECONDS", 60),
    "retry": envint("TASK_RETRY_SECONDS", 75),
    "max_attempts": envint("TASK_MAX_ATTEMPTS", 5),
    "ack_failures": False,  # a task that raised stays queued and is retried after `retry`
    "catch_up": False,  # after downtime a periodic task runs once, not once per missed period
    "save_limit": 200,  # successful results kept for the admin; failures are all kept
    # Forecasts and balance runs play their games in a pool of processes (story/forecast.py):
    # daemonic workers may not have children.
    "daemonize_workers": False,
    "poll": 0.3,  # seconds an idle worker host waits between two looks at the queue
    # Tasks leased ahead into a host's in-memory queue, beyond the one each worker runs: a stop
    # lets the workers run these too, so few keeps the stop short (django-q2's default: workers²).
    "queue_limit": TASK_WORKERS,
    "label": _("Background tasks"),
}
# A stop (SIGTERM, Ctrl+C) lets the workers finish their tasks for this long; what still runs
# then is killed and goes back to the queue for the next start (play/task_cluster.py).
TASK_STOP_SECONDS = envint("TASK_STOP_SECONDS", 5)
# Bot turns (play/bots_queue.py): a worker lets bots decide for up to BOT_CHUNK_MS per saved
# chunk. The levels (play/engine/bots/levels.py) think up to their own seconds per decision and
# per turn: BOT_TURN_MS scales those caps (1000: as the levels define and the ladder rated them),
# BOT_SEARCH_MS caps any one decision. A bot's turn untouched for
# BOT_STUCK_SECONDS is queued again by a sweep running every BOT_SWEEP_MINUTES.
BOT_CHUNK_MS = envint("BOT_CHUNK_MS", 1000)
BOT_SEARCH_MS = envint("BOT_SEARCH_MS", 1500)
BOT_TURN_MS = envint("BOT_TURN_MS", 1000)
# The levels' Elo as benchmarks/bot_ladder.py --write stored it; the match form reads it.
BOT_RATINGS_FILE = os.environ.get("BOT_RATINGS_FILE",
                                  str(BASE_DIR / "fixtures" / "bot_ratings.json"))
BOT_STUCK_SECONDS = envint("BOT_STUCK_SECONDS", 90)
BOT_SWEEP_MINUTES = envint("BOT_SWEEP_MINUTES", 1)
# Forecasts and set balance runs (story/): games per forecast unless the page asks otherwise, the
# processes that play them (in the worker, beside the web process), and the games of one balance
# step (a task: it must end well inside Q_CLUSTER["timeout"]).
FORECAST_GAMES = envint("FORECAST_GAMES", 500)
FORECAST_WORKERS = envint("FORECAST_WORKERS", 2)
BALANCE_STEP_SECONDS = envint("BALANCE_STEP_SECONDS", 40)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
