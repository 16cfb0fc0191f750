# nginx in front of everything: the public listener (:8080, the only published port) and the internal
# balancer (:8081, the private network only) that carries Rasa's calls to the action servers and the web
# app's calls to Rasa's REST channel. The configuration is deploy/nginx/assistant.conf, a template whose
# ${NAME} placeholders are filled from the environment when the container starts (envsubst, naming them so
# nginx's own $variables stay); compose sets them (deploy/compose.yml). nginx resolves the upstream names
# once, at start: restart this container after scaling or re-creating a replica.
#
# Debian 12's nginx (1.22.1), the same build the repository's proxy tests run against (scripts/setup.sh).
#   DOCKER_BUILDKIT=1 docker build -f deploy/docker/nginx.Dockerfile -t fog-assistant/nginx .
# BuildKit reads nginx.Dockerfile.dockerignore beside this file: the build context is the template alone.
FROM debian:bookworm-slim

RUN apt-get update \
 && apt-get install -y --no-install-recommends nginx gettext-base \
 && rm -rf /var/lib/apt/lists/*

# Not root: both ports are above 1024. PREFIX holds the rendered configuration, the pid and the temporary
# files; error.log there goes to the container's log.
RUN groupadd --system --gid 10001 fog-assistant \
 && useradd --system --uid 10001 --gid fog-assistant --no-create-home --home-dir /nonexistent \
      --shell /usr/sbin/nologin fog-assistant \
 && mkdir -p /var/cache/nginx/assistant /etc/fog-assistant \
 && ln -s /dev/stderr /var/cache/nginx/assistant/error.log \
 && chown fog-assistant:fog-assistant /var/cache/nginx/assistant

COPY deploy/nginx/assistant.conf /etc/fog-assistant/assistant.conf

ENV PREFIX=/var/cache/nginx/assistant \
    LISTEN=0.0.0.0:8080

USER fog-assistant

EXPOSE 8080 8081
# SIGQUIT: finish the requests in flight, then stop.
STOPSIGNAL SIGQUIT
# nginx itself answers (any status: a 502 means a part behind it is down, not nginx).
HEALTHCHECK --interval=15s --timeout=5s --start-period=10s --retries=3 \
  CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/8080 && printf 'GET /health HTTP/1.0\\r\\nHost: localhost\\r\\n\\r\\n' >&3 && head -c 9 <&3 | grep -q '^HTTP/1\\.'"]
# Start: every ${NAME} placeholder of the template must be set (else exit 64, naming it: nginx would
# otherwise start with an empty upstream or listen address), envsubst fills exactly those names (nginx's own
# $variables stay), `nginx -t` checks the result, then nginx runs in the foreground.
CMD ["sh", "-c", "set -eu\ntemplate=/etc/fog-assistant/assistant.conf\nnames=$(grep -o '${[A-Z_]*}' \"$template\" | tr -d '${}' | sort -u)\nfor name in $names; do\n  eval \"value=\\${$name:-}\"\n  [ -n \"$value\" ] || { echo \"nginx: $name is not set (deploy/compose.yml sets it)\" >&2; exit 64; }\ndone\nenvsubst \"$(printf '$%s ' $names)\" < \"$template\" > \"$PREFIX/nginx.conf\"\nnginx -e stderr -p \"$PREFIX\" -c \"$PREFIX/nginx.conf\" -t -q\nexec nginx -e stderr -p \"$PREFIX\" -c \"$PREFIX/nginx.conf\" -g 'daemon off;'"]
