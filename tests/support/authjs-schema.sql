-- The schema of Auth.js's PostgreSQL adapter (@auth/pg-adapter documentation), kept here so the
-- adoption test can create an Auth.js database exactly as Auth.js users do.
-- Schema for @auth/pg-adapter 1.11.x.
-- Not shipped inside the npm package (node_modules/@auth/pg-adapter has only
-- index.js/README/src); this is the schema documented for the adapter
-- (authjs.dev "PostgreSQL Adapter" page, packages/adapter-pg/schema.sql upstream).
\set ON_ERROR_STOP true

CREATE TABLE verification_token
(
  identifier TEXT NOT NULL,
  expires TIMESTAMPTZ NOT NULL,
  token TEXT NOT NULL,

  PRIMARY KEY (identifier, token)
);

CREATE TABLE accounts
(
  id SERIAL,
  "userId" INTEGER NOT NULL,
  type VARCHAR(255) NOT NULL,
  provider VARCHAR(255) NOT NULL,
  "providerAccountId" VARCHAR(255) NOT NULL,
  refresh_token TEXT,
  access_token TEXT,
  expires_at BIGINT,
  id_token TEXT,
  scope TEXT,
  session_state TEXT,
  token_type TEXT,

  PRIMARY KEY (id)
);

CREATE TABLE sessions
(
  id SERIAL,
  "userId" INTEGER NOT NULL,
  expires TIMESTAMPTZ NOT NULL,
  "sessionToken" VARCHAR(255) NOT NULL,

  PRIMARY KEY (id)
);

CREATE TABLE users
(
  id SERIAL,
  name VARCHAR(255),
  email VARCHAR(255),
  "emailVerified" TIMESTAMPTZ,
  image TEXT,

  PRIMARY KEY (id)
);
