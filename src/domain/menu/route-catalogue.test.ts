import { describe, expect, it } from 'vitest';
import { normalizeMenuPath } from './menu';
import { ALL_OPERATION_CODES, DASHBOARD_ROUTE, MENU_AREAS, flattenRoutes } from './route-catalogue';

// Every module route of SPEC §2.2, as written there.
const SPEC_ROUTES = `
/risk/accountManage /risk/riskDetection /risk/contractLock /risk/negativePublicOpinion /risk/supplierLock
/parameterManage/parameterSubsidiary /parameterManage/summaryRiskControl /preView/preViewMain
/fundManagement/fundmanagement /addFund
/business/newDetails /business/financingBusinessManage /business/examine /business/auditTypeList
/business/reportProductionMake /business/reportProductionInfo /business/report-production-make/makeProcess
/business/reportProductionExamine /business/reportProductionExamineInfo
/business/approvalReviewMeetingMake /business/approvalReviewMeetingImplementList /business/approvalProduction
/business/approvalReviewMeetingInfo /business/meetingInfoManage /business/approvalReviewMeetingExamine
/business/approvalReviewMeetingExamineInfo
/business/financingApplicationManagement /business/accessDocumentsMake /business/financingApplicationExamine
/business/financingApplicationExamineInfo
/business/financingDecisionManage /business/decisionMake /business/resolutionReview business/resolutionReview/audit
/business/lendingRegistration /business/paymentRegistration
/business/contractFileManage /business/contractFileManage/info /business/contractFileReview
/business/contractFileReview/contractFileReviewFactor /business/contractFileMake/contractFileMake
/business/contractFileMake/contractFileMakeSignature
/business/repaymentplan /repaymentPlanInfo
/business/essentialFactor/manage /business/essentialFactor/elementProduction
/business/essentialFactor/implementationReview /business/essentialFactor/ImplementAudit
/business/onlineSigning /business/applyOnlineSigning /business/applyOfflineSigning /business/signingDetails
/business/signManagement /business/signSupplement /business/signFileDetails
/business/preCreditApplicationManage /business/applyForRufs /business/formalLetterManagement /business/pushProduction
/financingDemandManagement/financingDemandManagement
/CRM/interviewMinutesManagement /CRM/interviewMinutesMake /CRM/enterpriseInformation
/durationManage/durationExamineReport /durationManage/loanReportMakeStatistics
/basicDataManagement/projectCompanyManagement /addProjectCompany /basicDataManagement/supplierManagement /addSupplier
/basicDataManagement/rolesManagment /basicDataManagement/rolesManagment/jurisdiction
/basicDataManagement/userManagment /basicDataManagement/orgMain
/basicDataManagement/certificateManagement /basicDataManagement/enterpriseCertification
/basicDataManagement/personalCertification
/assetsManage/projectInformation /assetsManage/PaymentOrderDetails /assetsManage/paymentOrderInformation
/assetsManage/interviewMinutes /assetsManage/assetChangeQuery /assetsManage/assetChangeDetail
/workbench/technological/todo /workbench/technological/done
`
  .trim()
  .split(/\s+/);

describe('route catalogue (SPEC §2.2, DESIGN §4)', () => {
  const routes = flattenRoutes();

  it('has every route of the spec, written as the spec writes it', () => {
    const paths = new Set(routes.map((r) => r.path));
    expect(SPEC_ROUTES.filter((p) => !paths.has(p))).toEqual([]);
  });

  it('gives every route its own menu id, and a title', () => {
    const ids = [...routes, DASHBOARD_ROUTE].map((r) => normalizeMenuPath(r.path));
    expect(new Set(ids).size).toBe(ids.length);
    expect(routes.every((r) => r.title.trim() !== '')).toBe(true);
  });

  it('uses only known operation codes', () => {
    const known = new Set(ALL_OPERATION_CODES);
    expect(routes.flatMap((r) => r.ops).filter((op) => !known.has(op))).toEqual([]);
  });

  it('caches only the report make-process page', () => {
    expect(routes.filter((r) => r.cache).map((r) => r.path)).toEqual(['/business/report-production-make/makeProcess']);
  });

  it('puts every hidden route under a parent the sidebar can highlight', () => {
    const areaPaths = new Set(MENU_AREAS.map((a) => a.path));
    const visible = new Set(routes.filter((r) => !r.hidden).map((r) => r.path));
    for (const r of routes.filter((x) => x.hidden)) {
      expect(visible.has(r.parentPath) || areaPaths.has(r.parentPath)).toBe(true);
    }
  });
});
