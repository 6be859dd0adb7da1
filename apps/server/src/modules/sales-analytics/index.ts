// The sales analytics module's public entry: other modules and the wiring import it from here only
// (decision 0018).
export * from './sales-analytics.module';
export { companyAnalytics, customerAnalytics, employeeAnalytics } from './sales-analytics.service';
