// The address of 风控汇总参数's version in force, on a module of its own: the gateway adapter that reads and
// saves it is bound with the shell, and must not bring the whole parameter form along.

/** The version in force, and the save of the next one (PUT with `version`, the version number read). */
export const RISK_SUMMARY_ACTIVE_API = '/api/parameter/summaryRiskControl/active';
