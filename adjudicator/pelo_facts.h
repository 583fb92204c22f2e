/*
 * pelo_facts.h - what the Peloponnesian engine tells of a phase: facts,
 * each a kind from one enum and the numbers and indexes that kind needs,
 * handed one by one, in the order they happen, to a sink the caller gives.
 *
 * The engine decides and the variant words: the sentences of a report
 * are written in variants/pelo_report.c, as the other families keep
 * theirs in variants/, so the rules can be read without the prose and the
 * prose changed without the rules.  A sink rather than a list so that
 * nothing here allocates and a phase of any length needs no bound; a
 * caller that wants a list collects them.  A NULL sink hears nothing.
 */
#ifndef PELO_FACTS_H
#define PELO_FACTS_H

#include <stdint.h>

struct pelo_action;
struct pelo_op;

/* The kinds of fact.  Each comment says which fields the kind fills. */
enum pelo_fact_kind {
	/* the rounds of the diplomatic and the operations phases */
	PELO_F_PASSES,            /* city passes */
	PELO_F_ACTION,            /* city takes act */
	PELO_F_ACTION_NOT_TAKEN,  /* city's act never taken: text why, NULL when the phase ended first */
	PELO_F_OP,                /* city carries out op */
	PELO_F_OP_FORCED,         /* city may not pass, so it carries out op (3.1.1) */
	PELO_F_OP_NOT_DONE,       /* city's op never carried out: text as for actions */
	PELO_F_ALL_PASSED,        /* every major passed in turn: the phase is over */
	PELO_F_ROUND,             /* round n[0] begins */
	/* pelo_diplomacy.c: what the actions did */
	PELO_F_RELINQUISHED,      /* city loses two bellicosity, now n[0] */
	PELO_F_ADMITTED,          /* other had agreed to admit city */
	PELO_F_BREAK,             /* city's die n[0] against n[1] turns of peace with other; its
	                             bellicosity n[2] after */
	PELO_F_SPECIAL_ALLY,      /* city is now an ally of other */
	PELO_F_WITHDRAWS,         /* city withdraws n[0..2] SPs of each type and n[3] its
	                             garrison from space */
	PELO_F_GO_HOME,           /* n[0] SPs of type n[1] of city go home to space */
	PELO_F_PASSES_TO,         /* space passes from city to other */
	PELO_F_CONGRESS_FULL,     /* city and other would make peace: no room for the treaty */
	PELO_F_CONGRESS_PEACE,    /* city and other make peace */
	PELO_F_CONGRESS_NONE,     /* no force from outside area n[0]: nothing to settle */
	/* pelo_operations.c: marches and returns */
	PELO_F_RETURNS,           /* n[0] SPs of type n[1] of city go home to space */
	PELO_F_LED,               /* the army in place attacks, led by leader */
	PELO_F_MARCH,             /* led by leader, n[0] talents to activate, by sea (n[1] 1)
	                             or land along route, n[2] spaces */
	PELO_F_CROSSING,          /* the crossing from space to to: die n[0]; n[1] 1: a storm */
	PELO_F_NO_INTERCEPTOR,    /* city has no player to send it out */
	PELO_F_NO_INTERCEPT,      /* city does not intercept at space with ships (n[0] 1) or land
	                             SPs; src decided */
	PELO_F_INTERCEPT,         /* city tries to intercept at space: n[0] 1 with ships, else
	                             land SPs; die n[1], +n[2]; n[3] 1 intercepted; src */
	PELO_F_DESTROYED,         /* the army is destroyed */
	PELO_F_FALLS_BACK,        /* the army falls back to space; src */
	PELO_F_HOLDS,             /* the army holds space; src */
	PELO_F_HALTS,             /* the army halts at space */
	PELO_F_NEVER_REACHES,     /* the army never reaches space: no combat */
	PELO_F_NO_BATTLE,         /* no enemy SPs give battle at space */
	/* pelo_battle.c */
	PELO_F_NAVAL_BATTLE,      /* a naval battle at space follows */
	PELO_F_LAND_BATTLE,       /* a hoplite battle at space, n[0] 1: a skirmish */
	PELO_F_SUPPORT,           /* the SPs of city at space join (n[0] 1) or stay out; src */
	PELO_F_AVOIDS,            /* city avoids battle, n[0] enum pelo_avoid how; src */
	PELO_F_BURNS,             /* city burns its n[0] ships rather than fight; src */
	PELO_F_DEFENDS,           /* leader, free at home, takes command for city at space; src */
	PELO_F_SKIRMISH_ROLL,     /* city seeks a skirmish at space: die n[0], + n[1] cavalry,
	                             + n[2] leader, + n[3] home area, - n[4] fewer hoplites =
	                             n[5]; n[6] 1: a skirmish; src */
	PELO_F_BATTLE,            /* city (n[0..2] SPs, leader) against other (n[3..5], n[6]) */
	PELO_F_BATTLE_ROLL,       /* city's die n[0], + n[1] leader, + 2 if n[2] (other's skill
	                             in type n[3]), + n[4] more of type n[5], + n[6] more
	                             cavalry = n[7] */
	PELO_F_WINS,              /* city wins (n[1] 1: on its leader); other loses n[0] SPs */
	PELO_F_DRAW,              /* a draw: n[0] 1 each side loses one SP, 0 nobody does */
	PELO_F_SPLIT,             /* the agreed split: cities[i] loses counts[i], i < n[0] */
	PELO_F_NO_SPLIT,          /* no split agreed: each loses the full amount */
	PELO_F_ALLOCATES,         /* city allocates its losses; src */
	PELO_F_LOST,              /* city lost n[0..2] SPs of each type; the n[3]th such */
	PELO_F_STOP,              /* the end of a list of facts on one line */
	PELO_F_BATTLE_BELLICOSITY, /* city's bellicosity n[0] -> n[1] */
	PELO_F_HOSTAGES,          /* city takes hostages from other */
	PELO_F_BRAVERY,           /* leader rolled n[0], within his bravery n[1] */
	PELO_F_STANDS,            /* city stands its ground; src */
	PELO_F_RETREATS,          /* n[0] SPs of city retreat to space; src */
	PELO_F_NO_RAVAGE,         /* city may not ravage space: other holds hostages of n[0] */
	PELO_F_RAVAGES,           /* city ravages space; src */
	/* pelo_siege.c */
	PELO_F_SIEGE_NONE,        /* no siege of space: text */
	PELO_F_SIEGE,             /* siege of space by city: n[0] talents for n[1] SPs, die n[2],
	                             plus n[3] (enum pelo_siege_plus), minus n[4] (1: their
	                             ships rule the sea), roll n[5], n[6] points, n[7] of n[8];
	                             space ravaged */
	PELO_F_SIEGE_FALLS,       /* space falls to city */
	PELO_F_SIEGE_GARRISON,    /* city places a garrison; src decided it */
	PELO_F_SIEGE_BELLICOSITY, /* city's bellicosity n[0] -> n[1], a city-state taken */
	PELO_F_SIEGE_LIFTED,      /* the siege of space lifted, its n[0] points lost: n[1] enum
	                             pelo_lift says why */
	/* pelo_leaders.c */
	PELO_F_LEADER_KILLED,     /* leader dies */
	/* pelo_politics.c: the political phase; a line of several facts ends
	 * with PELO_F_NOW */
	PELO_F_NOW,               /* the sum is n[0] now; n[1] enum pelo_now says why it
	                             did not move as the line's terms add up (n[2] the area) */
	PELO_F_PLAGUE,            /* plague (6.1) follows */
	PELO_F_PLAGUE_DONE,       /* city's home was ravaged, but plague struck it already */
	PELO_F_PLAGUE_ROLL,       /* city's home space ravaged: die n[0] + n[1] hoplites; under
	                             n[2] no plague; n[3] 1: plague, the treasury loses n[4],
	                             now n[5] */
	PELO_F_PLAGUE_NONE,       /* no commercial home space was ravaged */
	PELO_F_BELLICOSITY,       /* bellicosity (6.2) follows */
	PELO_F_BELLICOSITY_OF,    /* city's bellicosity was n[0] */
	PELO_F_BELLICOSITY_LOST,  /* - 1: fortress space is ravaged (n[0] 1) or unfriendly */
	PELO_F_BELLICOSITY_RAVAGED, /* - 1: home space itself was ravaged */
	PELO_F_BELLICOSITY_CALM,  /* + 1: no enemy in area n[0] */
	PELO_F_SURRENDER,         /* surrender (6.3) follows */
	PELO_F_FIGHTS_ON,         /* city at 0, but no dominant enemy */
	PELO_F_SURRENDER_TIE,     /* city at 0; n[0] dominants tie with n[1] SPs in area n[2]: die
	                             n[3] picks other */
	PELO_F_BELLICOSITY_ZERO,  /* city's bellicosity is 0 */
	PELO_F_SURRENDERS,        /* city surrenders to other */
	PELO_F_NEUTRAL,           /* city is now neutral */
	PELO_F_SURRENDERED,       /* city keeps one SP of each type and follows other */
	PELO_F_SURRENDER_NONE,    /* no major's bellicosity is 0 */
	PELO_F_REBELLION,         /* resentment and rebellion (6.4) follow */
	PELO_F_RESENTMENT_OF,     /* city's resentment was n[0] */
	PELO_F_RESENTMENT_REBEL,  /* grievance n[0] (from 0): tributary city in rebellion */
	PELO_F_RESENTMENT_UNPROTECTED, /* grievance n[0]: tributary city unprotected */
	PELO_F_RESENTMENT_WEAK,   /* grievance n[0]: bellicosity n[1] */
	PELO_F_GRIEVANCES,        /* n[0] grievances against resentment n[1]: it rises to them,
	                             ebbs by one, or stays */
	PELO_F_REBEL_ROLL,        /* tributary city: die n[0] + resentment n[1]; n[2] 1: it rises
	                             against other */
	PELO_F_PEACE,             /* peace treaties (6.5) follow */
	PELO_F_PEACE_FULL,        /* city and other would make peace: no room for the treaty */
	PELO_F_PEACE_MADE,        /* city and other make peace */
	PELO_F_HOSTAGES_RELEASED, /* city releases the n[0] hostages it held of other */
	PELO_F_PEACE_LEAVES,      /* city leaves other's Enemies box */
	PELO_F_PEACE_MINOR,       /* city makes peace with minor other */
	PELO_F_PEACE_NONE,        /* no peace is made */
	/* pelo_kingdoms.c: the kingdoms (6.6), the last segment */
	PELO_F_KINGDOMS,          /* the kingdoms follow */
	PELO_F_KINGDOM_SIDE,      /* kingdom city is now other's ally (PELO_NONE: neutral): text why */
	PELO_F_SUBSIDY,           /* Persia (other) pays city n[0] talents, treasury now n[1] */
	PELO_F_KINGDOMS_NONE,     /* the kingdoms keep their sides */
	/* pelo_economy.c: revenue (told when the phase opens, and paid) */
	PELO_F_REVENUE_NONE,      /* city has surrendered: no revenue */
	PELO_F_REVENUE_OF,        /* city's revenue follows */
	PELO_F_REVENUE_HOME,      /* city's home area n[1] pays n[0]; n[2] 1 when in full, else
	                             space spoils it, n[3] 1 as ravaged, 0 as not friendly */
	PELO_F_TRIBUTE_REBELLION, /* tributary city pays nothing, in rebellion */
	PELO_F_TRIBUTE,           /* tributary city pays master other n[0] of its rate n[1]; less
	                             because of space (n[2] 1 ravaged, 0 not friendly), and text
	                             when not NULL (all or nothing, RULES.md 7.1.2) */
	PELO_F_ROUTE,             /* city's trade route text pays n[0]; n[1] enum
	                             pelo_route_closed, with space the one that closes it */
	PELO_F_REVENUE,           /* city's revenue n[0]: the treasury will hold n[1] */
	/* pelo_economy.c: the phase */
	PELO_F_ECONOMIC_REVENUE,  /* the revenue is paid */
	PELO_F_RECEIVES,          /* city receives n[0], treasury now n[1] */
	PELO_F_BUILDS,            /* the builds follow */
	PELO_F_BUILD,             /* city builds n[0] SPs of type n[1] in space for n[2] talents;
	                             or not, for the reason text */
	PELO_F_SPENDS,            /* city spends n[0], treasury now n[1] */
	PELO_F_NOBODY_BUILDS,
	PELO_F_RECOVER,           /* space's ravaged marker removed */
	PELO_F_NEW_GENERAL,       /* city elects a general in place of leader */
	PELO_F_TURN_BEGINS,       /* turn n[0] begins, year n[1] BC */
	PELO_F_LAST_TURN,         /* turn n[0], the last, is over: the score decides */
	/* pelo_victory.c */
	PELO_F_VICTORY_CHECK,     /* the check at the end of phase n[0] (enum pelo_phase) */
	PELO_F_VICTORY_MET,       /* city has met its conditions: text */
	PELO_F_VICTORY_NONE,      /* no major has met them */
	PELO_F_VICTORY_WON,       /* n[0] majors met them; city wins, PELO_NONE: they share it */
	PELO_F_SCORE,             /* the final score follows */
	PELO_F_SCORE_OF,          /* city: bellicosity n[0], treasury n[1] */
	PELO_F_SCORE_WON,         /* city wins on the score, PELO_NONE: the best share it */
	PELO_F_OVER,              /* the game is over; the standings follow */
	PELO_F_STANDING,          /* city at the end: box n[0] of n[1], treasury n[2], bellicosity
	                             n[3], resentment n[4], SPs n[5..7], n[8] surrendered */
	PELO_F_KINDS,
};

/* Why a siege is lifted (RULES.md 5.5). */
enum pelo_lift {
	PELO_LIFT_NONE,
	PELO_LIFT_GONE,           /* the besiegers have gone */
	PELO_LIFT_FRIENDLY,       /* the space is friendly to them now */
	PELO_LIFT_SHIPS,          /* the defenders have more ships */
	PELO_LIFT_CAVALRY,        /* the defenders have more cavalry */
};

/* How a side avoids battle (RULES.md 5.2). */
/* Why a political line's sum is not its terms added: no term applied
 * because an enemy came into the home area (n[2]), or 0 and 12 bound it. */
enum pelo_now { PELO_NOW_PLAIN, PELO_NOW_ENEMY_CAME, PELO_NOW_BOUND };

enum pelo_avoid { PELO_AVOID_HARBOUR, PELO_AVOID_TO_SEA, PELO_AVOID_WALLS };

/* Why a siege roll has +1 (RULES.md 5.5). */
enum pelo_siege_plus { PELO_SIEGE_PLAIN, PELO_SIEGE_REBELLION, PELO_SIEGE_NOT_HOME };

/* What closes a trade route (RULES.md 7.1.3). */
enum pelo_route_closed {
	PELO_ROUTE_OPEN,
	PELO_ROUTE_ENEMY_SHIPS,   /* its space is friendly, but enemy ships reach it */
	PELO_ROUTE_UNFRIENDLY,    /* its space is unfriendly */
	PELO_ROUTE_NOT_FRIENDLY,  /* its space is neutral */
	PELO_ROUTE_NO_LANDING,    /* no landing on the straits is friendly and free of enemy ships */
};

/* Which standing instruction decided a choice, and whose it was: by is
 * the major that wrote it, or PELO_NONE for the default (RULES.md 3.6). */
struct pelo_source {
	int set;               /* 0: no instruction to name */
	int instr, value, by;
};

struct pelo_fact {
	int kind;              /* enum pelo_fact_kind */
	int city, other;       /* city-states */
	int space, to;         /* spaces */
	int leader;            /* a scenario leader */
	int n[9];              /* the numbers the kind names */
	const char *text;      /* a reason, or a name from the rules' tables */
	const struct pelo_action *act;
	const struct pelo_op *op;
	const int8_t *route;   /* PELO_F_MARCH's spaces */
	const int *cities, *counts;   /* PELO_F_SPLIT's */
	struct pelo_source src;
};

/* Where facts go: tell(ctx, fact) for each, in order. */
struct pelo_facts {
	void (*tell)(void *ctx, const struct pelo_fact *f);
	void *ctx;
};

/* Hand f to out (nothing when out is NULL). */
static inline void pelo_tell(struct pelo_facts *out, const struct pelo_fact *f)
{
	if (out)
		out->tell(out->ctx, f);
}

#endif
