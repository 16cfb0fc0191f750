import pytest
from twilio.request_validator import RequestValidator

from channels.security import SIGNATURE_HEADER, is_valid_twilio_request, public_url

AUTH_TOKEN = "0123456789abcdef0123456789abcdef"
WEBHOOK_URL = "https://fog.example.org/webhooks/twilio_sms/webhook?city=victorville"

# The form fields of an incoming SMS, as Twilio posts them.
SMS_PARAMS = {
    "ToCountry": "US",
    "ToState": "CA",
    "SmsMessageSid": "SM0123456789abcdef0123456789abcdef",
    "NumMedia": "0",
    "ToCity": "VICTORVILLE",
    "FromZip": "92392",
    "SmsSid": "SM0123456789abcdef0123456789abcdef",
    "FromState": "CA",
    "SmsStatus": "received",
    "FromCity": "VICTORVILLE",
    "Body": "When is my trap due?",
    "FromCountry": "US",
    "To": "+17605550100",
    "ToZip": "92392",
    "NumSegments": "1",
    "MessageSid": "SM0123456789abcdef0123456789abcdef",
    "AccountSid": "AC0123456789abcdef0123456789abcdef",
    "From": "+17605550199",
    "ApiVersion": "2010-04-01",
}


def twilio_signature(url: str, params: dict, token: str = AUTH_TOKEN) -> str:
    """What Twilio puts in X-Twilio-Signature."""
    return RequestValidator(token).compute_signature(url, params)


def test_signature_scheme_matches_twilio_documentation_example():
    # Twilio's documented example request and signature for auth token 12345.
    params = {
        "CallSid": "CA1234567890ABCDE",
        "Caller": "+12349013030",
        "Digits": "1234",
        "From": "+12349013030",
        "To": "+18005551212",
    }
    url = "https://mycompany.com/myapp.php?foo=1&bar=2"
    assert twilio_signature(url, params, token="12345") == "0/KCTR6DLpKmkAf8muzZqo1nDgQ="
    assert is_valid_twilio_request("12345", url, params, "0/KCTR6DLpKmkAf8muzZqo1nDgQ=") is True


def test_signed_request_is_valid():
    signature = twilio_signature(WEBHOOK_URL, SMS_PARAMS)
    assert is_valid_twilio_request(AUTH_TOKEN, WEBHOOK_URL, SMS_PARAMS, signature) is True


def test_signature_with_default_port_in_url_is_valid():
    signature = twilio_signature(WEBHOOK_URL, SMS_PARAMS)
    url_with_port = WEBHOOK_URL.replace("fog.example.org", "fog.example.org:443")
    assert is_valid_twilio_request(AUTH_TOKEN, url_with_port, SMS_PARAMS, signature) is True


def test_repeated_form_fields_are_signed_value_by_value():
    params = {"Body": "hi", "MediaUrl": ["https://x.org/2.jpg", "https://x.org/1.jpg"]}

    class MultiDict(dict):
        def getall(self, name):
            value = self[name]
            return value if isinstance(value, list) else [value]

    signature = RequestValidator(AUTH_TOKEN).compute_signature(WEBHOOK_URL, MultiDict(params))
    assert is_valid_twilio_request(AUTH_TOKEN, WEBHOOK_URL, params, signature) is True
    assert (
        is_valid_twilio_request(
            AUTH_TOKEN, WEBHOOK_URL, {**params, "MediaUrl": params["MediaUrl"][:1]}, signature
        )
        is False
    )


@pytest.mark.parametrize(
    ("field", "value"),
    [("Body", "STOP"), ("From", "+17605550198"), ("NumMedia", "1"), ("AccountSid", "AC" + "f" * 32)],
)
def test_tampered_parameter_is_invalid(field, value):
    signature = twilio_signature(WEBHOOK_URL, SMS_PARAMS)
    assert is_valid_twilio_request(AUTH_TOKEN, WEBHOOK_URL, {**SMS_PARAMS, field: value}, signature) is False


def test_added_or_removed_parameter_is_invalid():
    signature = twilio_signature(WEBHOOK_URL, SMS_PARAMS)
    without_body = {name: value for name, value in SMS_PARAMS.items() if name != "Body"}
    assert (
        is_valid_twilio_request(
            AUTH_TOKEN, WEBHOOK_URL, {**SMS_PARAMS, "MediaUrl0": "https://x.org/a.jpg"}, signature
        )
        is False
    )
    assert is_valid_twilio_request(AUTH_TOKEN, WEBHOOK_URL, without_body, signature) is False


@pytest.mark.parametrize(
    "url",
    [
        "http://fog.example.org/webhooks/twilio_sms/webhook?city=victorville",
        "https://attacker.example.com/webhooks/twilio_sms/webhook?city=victorville",
        "https://fog.example.org/webhooks/twilio_voice/webhook?city=victorville",
        "https://fog.example.org/webhooks/twilio_sms/webhook",
        "https://fog.example.org/webhooks/twilio_sms/webhook?city=inglewood",
        "http://localhost:5005/webhooks/twilio_sms/webhook?city=victorville",
    ],
)
def test_wrong_url_is_invalid(url):
    signature = twilio_signature(WEBHOOK_URL, SMS_PARAMS)
    assert is_valid_twilio_request(AUTH_TOKEN, url, SMS_PARAMS, signature) is False


@pytest.mark.parametrize("signature", [None, "", "not-a-signature", "0/KCTR6DLpKmkAf8muzZqo1nDgQ="])
def test_missing_empty_or_foreign_signature_is_invalid(signature):
    assert is_valid_twilio_request(AUTH_TOKEN, WEBHOOK_URL, SMS_PARAMS, signature) is False


def test_signature_made_with_another_token_is_invalid():
    signature = twilio_signature(WEBHOOK_URL, SMS_PARAMS, token="f" * 32)
    assert is_valid_twilio_request(AUTH_TOKEN, WEBHOOK_URL, SMS_PARAMS, signature) is False


def test_empty_auth_token_never_validates():
    signature = twilio_signature(WEBHOOK_URL, SMS_PARAMS, token="")
    assert is_valid_twilio_request("", WEBHOOK_URL, SMS_PARAMS, signature) is False


@pytest.mark.parametrize(
    ("url", "params"),
    [
        (WEBHOOK_URL, {"Body": None}),
        (WEBHOOK_URL, {"NumMedia": 0}),
        (None, SMS_PARAMS),
        ("http://[::1", SMS_PARAMS),
    ],
)
def test_malformed_input_is_invalid_and_never_raises(url, params):
    assert is_valid_twilio_request(AUTH_TOKEN, url, params, "c2lnbmF0dXJl") is False


def test_signature_header_name():
    assert SIGNATURE_HEADER == "X-Twilio-Signature"


@pytest.mark.parametrize(
    ("base_url", "request_base_url", "path", "query", "expected"),
    [
        (
            "https://fog.example.org",
            "http://localhost:5005",
            "/webhooks/twilio_sms/webhook",
            "",
            "https://fog.example.org/webhooks/twilio_sms/webhook",
        ),
        (
            "https://fog.example.org/",
            None,
            "/webhooks/twilio_sms/webhook",
            "city=victorville",
            "https://fog.example.org/webhooks/twilio_sms/webhook?city=victorville",
        ),
        (
            "https://example.org/assistant",
            None,
            "/webhooks/twilio_voice/webhook",
            "a=1&b=%2F+x&a=2&empty=",
            "https://example.org/assistant/webhooks/twilio_voice/webhook?a=1&b=%2F+x&a=2&empty=",
        ),
        (
            "https://fog.example.org:8443",
            None,
            "/webhooks/twilio_sms/webhook",
            "?city=inglewood",
            "https://fog.example.org:8443/webhooks/twilio_sms/webhook?city=inglewood",
        ),
        (
            None,
            "http://localhost:5005",
            "/webhooks/twilio_sms/webhook",
            "x=1",
            "http://localhost:5005/webhooks/twilio_sms/webhook?x=1",
        ),
        (
            "",
            "http://localhost:5005/",
            "webhooks/twilio_sms/webhook",
            "",
            "http://localhost:5005/webhooks/twilio_sms/webhook",
        ),
    ],
)
def test_public_url(base_url, request_base_url, path, query, expected):
    assert public_url(base_url, path, query, request_base_url=request_base_url) == expected


def test_public_url_through_a_proxy_validates_what_twilio_signed():
    signature = twilio_signature(WEBHOOK_URL, SMS_PARAMS)
    seen_by_app = public_url(
        "https://fog.example.org",
        "/webhooks/twilio_sms/webhook",
        "city=victorville",
        request_base_url="http://127.0.0.1:5005",
    )
    assert is_valid_twilio_request(AUTH_TOKEN, seen_by_app, SMS_PARAMS, signature) is True


@pytest.mark.parametrize(
    ("base_url", "error"),
    [
        (None, "no base URL: configure the public base URL or pass the request's own base URL"),
        (
            "fog.example.org",
            "base URL must be http(s)://host[:port][/prefix] without query or fragment: 'fog.example.org'",
        ),
        (
            "ftp://fog.example.org",
            "base URL must be http(s)://host[:port][/prefix] without query or fragment: 'ftp://fog.example.org'",
        ),
        (
            "https://fog.example.org/?x=1",
            "base URL must be http(s)://host[:port][/prefix] without query or fragment: 'https://fog.example.org/?x=1'",
        ),
    ],
)
def test_public_url_refuses_unusable_base_urls(base_url, error):
    with pytest.raises(ValueError) as raised:
        public_url(base_url, "/webhooks/twilio_sms/webhook")
    assert str(raised.value) == error
