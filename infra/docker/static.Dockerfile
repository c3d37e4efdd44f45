# One image recipe for the shell and each remote: `--build-arg APP=mfe-catalogue` etc.
# Build context: the repository root.
FROM node:20-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund
ARG APP
RUN npx nx run @khidma/${APP}:build --outputStyle=static

# The unprivileged build of nginx: runs as uid 101 and listens on 8080, so pods run as non-root.
FROM nginxinc/nginx-unprivileged:1.27-alpine
COPY infra/nginx/static.conf /etc/nginx/conf.d/default.conf
ARG APP
COPY --from=build /app/${APP}/dist /usr/share/nginx/html
