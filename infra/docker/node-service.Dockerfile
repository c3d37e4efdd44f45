# One image recipe for every NestJS service and worker: `--build-arg SERVICE=booking` etc.
# Build context: the repository root.
FROM node:20-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund
ARG SERVICE
RUN npx nx run @khidma/${SERVICE}:build --outputStyle=static \
 && npm prune --omit=dev --no-audit --no-fund

FROM node:20-slim
ENV NODE_ENV=production
WORKDIR /app
# Workspace packages are symlinked from node_modules, so their built folders come along.
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages ./packages
ARG SERVICE
COPY --from=build /app/services/${SERVICE} ./services/${SERVICE}
WORKDIR /app/services/${SERVICE}
# Numeric (the image's node user), so Kubernetes can verify runAsNonRoot.
USER 1000:1000
CMD ["node", "dist/main.js"]
