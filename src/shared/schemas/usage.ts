export interface UsageStats {
  totalCost: string;
  totalRequests: number;
}

export interface GptTestResult {
  response: string;
  model: string;
  offline: boolean;
  totalTokens: number;
  totalCost: string;
}
