# Facet: multi-stage image. Build with dev dependencies, run with production ones only.
# Node 26 is the active LTS line (since October 2026); the code supports Node 20.18 and later.
ARG NODE_VERSION=26

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY tsconfig.json ./
COPY proto ./proto
COPY src ./src
COPY scripts/bundle.mjs ./scripts/
RUN npx tsc -p tsconfig.json && node scripts/bundle.mjs && npm prune --omit=dev

FROM node:${NODE_VERSION}-bookworm-slim
# ripgrep backs grep (a TypeScript fallback exists); bash runs shell tools; poppler-utils
# renders PDF pages and extracts their text; tini reaps zombies; bubblewrap is the shell
# sandbox. bwrap (not setuid) needs unprivileged user namespaces, which Docker's default
# seccomp and AppArmor profiles forbid, and an unmasked /proc for the command's own: run with
# --security-opt seccomp=unconfined --security-opt apparmor=unconfined --security-opt
# systempaths=unconfined (Kubernetes: seccompProfile Unconfined, procMount Unmasked) and a
# host with user.max_user_namespaces > 0. Without them --shell-sandbox auto (the default)
# starts with the sandbox off and a warning; FACET_SHELL_SANDBOX=bwrap refuses to start.
RUN apt-get update \
 && apt-get install -y --no-install-recommends ripgrep bash bubblewrap ca-certificates poppler-utils tini \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --uid 10001 --create-home --shell /bin/bash facet \
 && mkdir -p /workspace /var/lib/facet \
 && chown facet:facet /workspace /var/lib/facet
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist/src ./dist/src
COPY package.json ./
USER facet
# Listening beyond loopback requires FACET_TOKEN (or TLS): set it when you run the image,
# e.g. docker run -e FACET_TOKEN=... -v "$PWD:/workspace" -p 50051:50051 facet
ENV FACET_LISTEN=0.0.0.0:50051 \
    FACET_ROOT=/workspace \
    FACET_STATE_DIR=/var/lib/facet \
    NODE_ENV=production
EXPOSE 50051
# grpc.health.v1 on the address FACET_LISTEN names (a wildcard is asked on loopback); health
# needs no token.
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 CMD ["node", "dist/src/cli.js", "health"]
ENTRYPOINT ["/usr/bin/tini", "--", "node", "dist/src/cli.js"]
CMD ["serve"]
