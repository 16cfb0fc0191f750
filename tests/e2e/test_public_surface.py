"""The public surface, seen from outside through the shipped nginx configuration (deploy/nginx/): only the
Twilio webhooks and the web app answer; Rasa's REST channel and HTTP API do not exist; no page of another site
gets an Access-Control-Allow-Origin; bodies and request rates are capped before the app."""

import http.client
import json
import os
import urllib.parse
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest
from e2e_settings import TWILIO_TEST_ENV, TWILIO_TEST_TOKEN
from test_channels_e2e import SMS_PATH, sms_form
from twilio.request_validator import RequestValidator

from ops.proxy import Proxy

pytestmark = pytest.mark.e2e

PROXY_PORT = int(os.environ.get("E2E_PROXY_PORT", 8390))


@pytest.fixture(scope="module")
def proxy(running_stack, tmp_path_factory):
    proxy = Proxy(PROXY_PORT, running_stack.ports, tmp_path_factory.mktemp("nginx"))
    proxy.start()
    yield proxy
    proxy.stop()


def request(method: str, path: str, body: bytes | None = None, headers: dict | None = None):
    connection = http.client.HTTPConnection("127.0.0.1", PROXY_PORT, timeout=60)
    connection.request(method, path, body=body, headers=headers or {})
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response.status, dict(response.getheaders()), data


def test_rasa_rest_channel_and_http_api_do_not_exist_from_outside(proxy):
    impersonation = json.dumps({"sender": "+17605550111", "message": "when is my next pump-out?"}).encode()
    for method, path, body in [
        ("POST", "/webhooks/rest/webhook", impersonation),
        ("GET", "/webhooks/rest/", None),
        ("GET", "/conversations/+17605550111/tracker", None),
        ("POST", "/conversations/+17605550111/messages", impersonation),
        ("GET", "/status", None),
        ("GET", "/version", None),
        ("POST", "/model/parse", b'{"text": "hi"}'),
        ("GET", "/api/openapi.json", None),
    ]:
        status, _, _ = request(method, path, body, {"Content-Type": "application/json"})
        assert status == 404, (method, path, status)


def test_a_cross_origin_preflight_gets_no_allow_origin(proxy):
    for path in ("/webhooks/rest/webhook", "/api/chat", "/webhooks/twilio_sms/webhook"):
        _, headers, _ = request(
            "OPTIONS",
            path,
            headers={"Origin": "https://evil.example", "Access-Control-Request-Method": "POST"},
        )
        assert not {name.lower() for name in headers} & {"access-control-allow-origin"}, (path, headers)


def test_the_twilio_webhook_and_the_web_app_work_through_the_proxy(proxy):
    form = sms_form("how long do i keep my grease manifests in victorville", "+17605550177")
    signed_for = f"{TWILIO_TEST_ENV['PUBLIC_BASE_URL']}{SMS_PATH}"  # Twilio signs our configured public URL
    signature = RequestValidator(TWILIO_TEST_TOKEN).compute_signature(signed_for, form)
    status, _, twiml = request(
        "POST",
        SMS_PATH,
        urllib.parse.urlencode(form).encode(),
        {"Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": signature},
    )
    assert status == 200 and b"10.03.170" in twiml
    unsigned_status, _, _ = request(
        "POST",
        SMS_PATH,
        urllib.parse.urlencode(form).encode(),
        {"Content-Type": "application/x-www-form-urlencoded"},
    )
    assert unsigned_status == 403
    page_status, _, page = request("GET", "/")
    assert page_status == 200 and b"<html" in page.lower()
    chat_status, headers, reply = request(
        "POST",
        "/api/chat",
        json.dumps({"message": "which bin for a banana peel"}).encode(),
        {"Content-Type": "application/json"},
    )
    assert chat_status == 200 and json.loads(reply)["messages"]
    assert "fog_chat=" in headers.get("set-cookie", headers.get("Set-Cookie", ""))


def test_the_city_side_is_reachable_through_the_proxy_and_guarded_by_the_app(proxy):
    status, _, page = request("GET", "/console/sign-in")
    assert status == 200 and b'name="password"' in page
    unsigned, _, _ = request(
        "POST",
        "/console/sign-in",
        b"username=admin&password=guess",
        {"Content-Type": "application/x-www-form-urlencoded"},
    )
    assert unsigned == 403  # no CSRF cookie and token: refused before any password is checked
    status, _, services = request("GET", "/open311/v2/services.json")
    assert status == 200 and json.loads(services)[0]["service_code"]
    status, _, errors = request("GET", "/open311/v2/requests.json")
    assert status == 403 and json.loads(errors)[0]["code"] == 403  # Open311's error list: no API key
    status, _, body = request("GET", "/documents/not-a-signed-token")
    assert status == 404 and b"link" in body.lower()  # the app's answer, not the proxy's bare 404
    status, _, _ = request("DELETE", "/console/")
    assert status in (403, 405)


def test_bodies_over_the_limits_are_refused_at_the_proxy(proxy):
    big_webhook = b"Body=" + b"x" * 40_000
    status, _, _ = request(
        "POST", SMS_PATH, big_webhook, {"Content-Type": "application/x-www-form-urlencoded"}
    )
    assert status == 413
    big_chat = json.dumps({"message": "y" * 20_000}).encode()
    status, _, _ = request("POST", "/api/chat", big_chat, {"Content-Type": "application/json"})
    assert status == 413


def test_a_flood_from_one_address_is_rate_limited(proxy):
    def one(_):
        return request("GET", "/health")[0]

    with ThreadPoolExecutor(8) as pool:
        statuses = list(pool.map(one, range(10)))
    assert set(statuses) <= {200}
    flood = json.dumps({"message": f"hi {uuid.uuid4().hex}"}).encode()

    def chat(_):
        return request("POST", "/api/chat", flood, {"Content-Type": "application/json"})[0]

    with ThreadPoolExecutor(8) as pool:
        statuses = list(pool.map(chat, range(60)))
    assert 429 in statuses and 200 in statuses
