CREATE TABLE alembic_version (
	version_num VARCHAR(32) NOT NULL, 
	CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num)
);

CREATE TABLE guild_settings (
	guild_id BIGINT NOT NULL, 
	moderator_role_id BIGINT, 
	timezone VARCHAR(64) NOT NULL, 
	created_at DATETIME DEFAULT (CURRENT_TIMESTAMP) NOT NULL, 
	PRIMARY KEY (guild_id)
);

CREATE TABLE audit_log (
	id INTEGER NOT NULL, 
	game_id INTEGER NOT NULL, 
	actor_id BIGINT, 
	action VARCHAR(50) NOT NULL, 
	details JSON NOT NULL, 
	at DATETIME DEFAULT (CURRENT_TIMESTAMP) NOT NULL, 
	PRIMARY KEY (id), 
	FOREIGN KEY(game_id) REFERENCES games (id) ON DELETE CASCADE
);

CREATE INDEX ix_audit_log_game_id ON audit_log (game_id);

CREATE TABLE day_seeds (
	game_id INTEGER NOT NULL, 
	day INTEGER NOT NULL, 
	seed VARCHAR(64) NOT NULL, 
	commitment VARCHAR(64) NOT NULL, 
	revealed BOOLEAN NOT NULL, 
	PRIMARY KEY (game_id, day), 
	FOREIGN KEY(game_id) REFERENCES games (id) ON DELETE CASCADE
);

CREATE TABLE events (
	id INTEGER NOT NULL, 
	game_id INTEGER NOT NULL, 
	day INTEGER NOT NULL, 
	phase VARCHAR(20) NOT NULL, 
	seq INTEGER NOT NULL, 
	kind VARCHAR(50) NOT NULL, 
	audience JSON NOT NULL, 
	text TEXT NOT NULL, 
	data JSON NOT NULL, keyed JSON, 
	PRIMARY KEY (id), 
	FOREIGN KEY(game_id) REFERENCES games (id) ON DELETE CASCADE
);

CREATE INDEX ix_events_game_id ON events (game_id);

CREATE TABLE orders (
	id INTEGER NOT NULL, 
	game_id INTEGER NOT NULL, 
	day INTEGER NOT NULL, 
	seat VARCHAR(20) NOT NULL, 
	user_id BIGINT NOT NULL, 
	payload JSON, 
	receipt VARCHAR(32) NOT NULL, 
	current BOOLEAN NOT NULL, 
	submitted_at DATETIME DEFAULT (CURRENT_TIMESTAMP) NOT NULL, receipt_version INTEGER DEFAULT '1' NOT NULL, 
	PRIMARY KEY (id), 
	FOREIGN KEY(game_id) REFERENCES games (id) ON DELETE CASCADE
);

CREATE INDEX ix_orders_live ON orders (game_id, day, seat, current);

CREATE TABLE outbox (
	id INTEGER NOT NULL, 
	game_id INTEGER NOT NULL, 
	target VARCHAR(20) NOT NULL, 
	target_id BIGINT, 
	text TEXT NOT NULL, 
	payload JSON NOT NULL, 
	nonce VARCHAR(25) NOT NULL, 
	status VARCHAR(20) NOT NULL, 
	attempts INTEGER NOT NULL, 
	next_attempt_at DATETIME, 
	last_error TEXT, 
	created_at DATETIME DEFAULT (CURRENT_TIMESTAMP) NOT NULL, 
	sent_at DATETIME, parts_sent INTEGER DEFAULT '0' NOT NULL, keyed JSON, 
	PRIMARY KEY (id), 
	FOREIGN KEY(game_id) REFERENCES games (id) ON DELETE CASCADE, 
	UNIQUE (nonce)
);

CREATE INDEX ix_outbox_game_id ON outbox (game_id);

CREATE INDEX ix_outbox_pending ON outbox (status, next_attempt_at);

CREATE TABLE players (
	id INTEGER NOT NULL, 
	game_id INTEGER NOT NULL, 
	user_id BIGINT NOT NULL, 
	name VARCHAR(100) NOT NULL, 
	status VARCHAR(20) NOT NULL, 
	requests JSON NOT NULL, 
	salt VARCHAR(64) NOT NULL, 
	position INTEGER NOT NULL, 
	joined_at DATETIME DEFAULT (CURRENT_TIMESTAMP) NOT NULL, thread_id BIGINT, ready_at DATETIME, steps_given INTEGER DEFAULT '0' NOT NULL, steps_missed INTEGER DEFAULT '0' NOT NULL, missed_streak INTEGER DEFAULT '0' NOT NULL, 
	PRIMARY KEY (id), 
	FOREIGN KEY(game_id) REFERENCES games (id) ON DELETE CASCADE, 
	CONSTRAINT uq_players_game_user UNIQUE (game_id, user_id)
);

CREATE TABLE resolutions (
	game_id INTEGER NOT NULL, 
	day INTEGER NOT NULL, 
	phase VARCHAR(20) NOT NULL, 
	state_before JSON NOT NULL, 
	orders JSON NOT NULL, 
	state_after JSON NOT NULL, 
	outcome_hash VARCHAR(64) NOT NULL, 
	rolls JSON NOT NULL, 
	"trigger" VARCHAR(20) NOT NULL, 
	resolved_at DATETIME DEFAULT (CURRENT_TIMESTAMP) NOT NULL, 
	PRIMARY KEY (game_id, day), 
	FOREIGN KEY(game_id) REFERENCES games (id) ON DELETE CASCADE
);

CREATE TABLE "games" (
	id INTEGER NOT NULL, 
	name VARCHAR(100) NOT NULL, 
	guild_id BIGINT, 
	channel_id BIGINT, 
	ruleset VARCHAR(50) NOT NULL, 
	ruleset_version VARCHAR(20) NOT NULL, 
	settings JSON NOT NULL, 
	state JSON, 
	schema_version INTEGER NOT NULL, 
	state_rev INTEGER NOT NULL, 
	day INTEGER NOT NULL, 
	phase VARCHAR(20) NOT NULL, 
	status VARCHAR(20) NOT NULL, 
	deadline DATETIME, 
	deadline_time VARCHAR(5) NOT NULL, 
	timezone VARCHAR(64) NOT NULL, 
	early_resolution BOOLEAN NOT NULL, 
	signup_cap INTEGER NOT NULL, 
	paused_until DATETIME, 
	reminded_day INTEGER, 
	created_at DATETIME DEFAULT (CURRENT_TIMESTAMP) NOT NULL, 
	moderator_channel_id BIGINT, 
	resolve_failures INTEGER DEFAULT '0' NOT NULL, 
	retry_at DATETIME, step_hours INTEGER, due_at DATETIME, community JSON, lobby_message_id BIGINT, start_at DATETIME, muster_until DATETIME, web VARCHAR(10) DEFAULT 'off' NOT NULL, web_key VARCHAR(64), setup_version_id INTEGER, language VARCHAR(20), 
	PRIMARY KEY (id)
);

CREATE INDEX ix_games_status_deadline ON games (status, deadline);

CREATE INDEX ix_games_due_at ON games (due_at);

CREATE TABLE game_groups (
	id INTEGER NOT NULL, 
	game_id INTEGER NOT NULL, 
	"key" VARCHAR(50) NOT NULL, 
	members JSON NOT NULL, 
	joined JSON NOT NULL, 
	thread_id BIGINT, 
	introduced BOOLEAN NOT NULL, 
	refused_at DATETIME, 
	PRIMARY KEY (id), 
	CONSTRAINT uq_game_groups_game_key UNIQUE (game_id, "key"), 
	FOREIGN KEY(game_id) REFERENCES games (id) ON DELETE CASCADE
);

CREATE INDEX ix_game_groups_game_id ON game_groups (game_id);

CREATE TABLE dice_seeds (
	game_id INTEGER NOT NULL, 
	seed VARCHAR(64) NOT NULL, 
	PRIMARY KEY (game_id), 
	FOREIGN KEY(game_id) REFERENCES games (id) ON DELETE CASCADE
);

CREATE TABLE dice_rolls (
	id INTEGER NOT NULL, 
	game_id INTEGER, 
	seq INTEGER, 
	guild_id BIGINT, 
	channel_id BIGINT, 
	user_id BIGINT NOT NULL, 
	user_name VARCHAR(100) NOT NULL, 
	expression VARCHAR(250) NOT NULL, 
	result JSON NOT NULL, 
	text TEXT NOT NULL, 
	secret BOOLEAN NOT NULL, 
	seed VARCHAR(64), 
	rolled_at DATETIME NOT NULL, 
	PRIMARY KEY (id), 
	FOREIGN KEY(game_id) REFERENCES games (id) ON DELETE CASCADE, 
	CONSTRAINT uq_dice_rolls_game_seq UNIQUE (game_id, seq)
);

CREATE TABLE player_records (
	user_id BIGINT NOT NULL, 
	games_played INTEGER DEFAULT '0' NOT NULL, 
	games_finished INTEGER DEFAULT '0' NOT NULL, 
	games_abandoned INTEGER DEFAULT '0' NOT NULL, 
	steps_given INTEGER DEFAULT '0' NOT NULL, 
	steps_missed INTEGER DEFAULT '0' NOT NULL, 
	recent JSON NOT NULL, 
	PRIMARY KEY (user_id)
);

CREATE TABLE player_stats (
	guild_id BIGINT NOT NULL, 
	ruleset VARCHAR(50) NOT NULL, 
	user_id BIGINT NOT NULL, 
	name VARCHAR(100) NOT NULL, 
	games INTEGER DEFAULT '0' NOT NULL, 
	wins INTEGER DEFAULT '0' NOT NULL, 
	survivals INTEGER DEFAULT '0' NOT NULL, 
	figures JSON NOT NULL, 
	PRIMARY KEY (guild_id, ruleset, user_id)
);

CREATE INDEX ix_player_stats_board ON player_stats (guild_id, ruleset, wins, games);

CREATE INDEX ix_player_stats_user ON player_stats (user_id);

CREATE TABLE substitutes (
	guild_id BIGINT NOT NULL, 
	user_id BIGINT NOT NULL, 
	name VARCHAR(100) NOT NULL, 
	since DATETIME NOT NULL, 
	PRIMARY KEY (guild_id, user_id)
);

CREATE TABLE seat_offers (
	id INTEGER NOT NULL, 
	game_id INTEGER NOT NULL, 
	seat VARCHAR(20) NOT NULL, 
	absent_id BIGINT NOT NULL, 
	user_id BIGINT, 
	status VARCHAR(20) NOT NULL, 
	asked JSON NOT NULL, 
	created_at DATETIME NOT NULL, 
	PRIMARY KEY (id), 
	FOREIGN KEY(game_id) REFERENCES games (id) ON DELETE CASCADE
);

CREATE INDEX ix_seat_offers_game ON seat_offers (game_id, status);

CREATE TABLE watchers (
	game_id INTEGER NOT NULL, 
	user_id BIGINT NOT NULL, 
	PRIMARY KEY (game_id, user_id), 
	FOREIGN KEY(game_id) REFERENCES games (id) ON DELETE CASCADE
);

CREATE UNIQUE INDEX ix_games_web_key ON games (web_key);

CREATE INDEX ix_outbox_game_target ON outbox (game_id, target);

CREATE TABLE web_pictures (
	game_id INTEGER NOT NULL, 
	day INTEGER NOT NULL, 
	filename VARCHAR(100) NOT NULL, 
	png BLOB NOT NULL, 
	caption TEXT NOT NULL, 
	PRIMARY KEY (game_id, day), 
	FOREIGN KEY(game_id) REFERENCES games (id) ON DELETE CASCADE
);

CREATE TABLE web_checks (
	game_id INTEGER NOT NULL, 
	day INTEGER NOT NULL, 
	ok BOOLEAN NOT NULL, 
	differences JSON NOT NULL, 
	checked_at DATETIME NOT NULL, 
	PRIMARY KEY (game_id, day), 
	FOREIGN KEY(game_id) REFERENCES games (id) ON DELETE CASCADE
);

CREATE TABLE setups (
	id INTEGER NOT NULL, 
	ruleset VARCHAR(50) NOT NULL, 
	name VARCHAR(100) NOT NULL, 
	author_id BIGINT NOT NULL, 
	guild_id BIGINT, 
	visibility VARCHAR(10) NOT NULL, 
	deleted BOOLEAN DEFAULT 0 NOT NULL, 
	created_at DATETIME DEFAULT CURRENT_TIMESTAMP NOT NULL, 
	PRIMARY KEY (id)
);

CREATE INDEX ix_setups_ruleset_visibility ON setups (ruleset, visibility);

CREATE TABLE setup_versions (
	id INTEGER NOT NULL, 
	setup_id INTEGER NOT NULL, 
	number INTEGER NOT NULL, 
	parent_id INTEGER, 
	changelog VARCHAR(200) NOT NULL, 
	settings JSON NOT NULL, 
	author_id BIGINT NOT NULL, 
	created_at DATETIME DEFAULT CURRENT_TIMESTAMP NOT NULL, 
	PRIMARY KEY (id), 
	FOREIGN KEY(setup_id) REFERENCES setups (id) ON DELETE CASCADE, 
	FOREIGN KEY(parent_id) REFERENCES setup_versions (id) ON DELETE SET NULL, 
	CONSTRAINT uq_setup_versions_number UNIQUE (setup_id, number)
);

CREATE INDEX ix_setup_versions_setup_id ON setup_versions (setup_id);

CREATE TABLE hidden_setups (
	guild_id BIGINT NOT NULL, 
	setup_id INTEGER NOT NULL, 
	PRIMARY KEY (guild_id, setup_id), 
	FOREIGN KEY(setup_id) REFERENCES setups (id) ON DELETE CASCADE
);

CREATE TABLE readers (
	user_id BIGINT NOT NULL, 
	chosen VARCHAR(20), 
	seen VARCHAR(20), 
	PRIMARY KEY (user_id)
);

INSERT INTO alembic_version (version_num) VALUES ('0014');

