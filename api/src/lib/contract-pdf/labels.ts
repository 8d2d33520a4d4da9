/** The contract document's own words, English and Arabic side by side. */
export const LABELS = {
  en: {
    title: 'Contract',
    number: 'Contract number',
    tender: 'Tender',
    buyer: 'Buyer',
    supplier: 'Supplier',
    value: 'Contract value',
    created: 'Drawn up on',
    status: 'Status',
    milestones: 'Milestones',
    milestone: 'Milestone',
    dueDate: 'Due date',
    amount: 'Amount',
    total: 'Total',
    noMilestones: 'No milestones.',
    terms: 'Terms',
    noTerms: 'No terms were given.',
    acceptances: 'Acceptances',
    acceptedBy: (name: string, at: string) => `Accepted by ${name} on ${at}`,
    awaiting: 'Awaiting acceptance',
    page: (n: number, of: number) => `Page ${n} of ${of}`,
  },
  ar: {
    title: 'عقد',
    number: 'رقم العقد',
    tender: 'المناقصة',
    buyer: 'المشتري',
    supplier: 'المورّد',
    value: 'قيمة العقد',
    created: 'تاريخ التحرير',
    status: 'الحالة',
    milestones: 'المراحل',
    milestone: 'المرحلة',
    dueDate: 'تاريخ الاستحقاق',
    amount: 'المبلغ',
    total: 'الإجمالي',
    noMilestones: 'لا توجد مراحل.',
    terms: 'الشروط',
    noTerms: 'لم تُذكر شروط.',
    acceptances: 'الموافقات',
    acceptedBy: (name: string, at: string) => `وافق عليه ${name} في ${at}`,
    awaiting: 'بانتظار الموافقة',
    page: (n: number, of: number) => `صفحة ${n} من ${of}`,
  },
} as const;

/** A contract's status in the document's words (ContractDocument['status'] in ./index.ts). */
export const STATUS_LABELS: Record<
  'en' | 'ar',
  Record<'pending' | 'active' | 'completed' | 'terminated', string>
> = {
  en: { pending: 'Awaiting acceptance', active: 'Active', completed: 'Completed', terminated: 'Terminated' },
  ar: { pending: 'بانتظار الموافقة', active: 'ساري', completed: 'مكتمل', terminated: 'منتهٍ بالإنهاء' },
};
