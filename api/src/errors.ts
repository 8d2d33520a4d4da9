/**
 * Over the ~300-line rule on purpose: the one table of every error code, both languages side by side.
 *
 * Every error code the API returns, with its HTTP status and an English and Arabic message.
 * 401 = no valid session; 403 = the caller's role may not use the route at all (a non-admin on an admin route, an
 * admin on a bidder's route). The site signs the user out on both, so every business refusal — not the owner,
 * one's own company or tender, a wrong state — is a 409, and a record of someone else's that the caller may not see
 * is a 404 exactly like a missing one.
 */
export const ERRORS = {
  VALIDATION_FAILED: { status: 422, en: 'Please check your inputs', ar: 'يرجى التحقق من المدخلات' },
  BAD_REQUEST: { status: 400, en: 'The request could not be understood', ar: 'تعذر فهم الطلب' },
  UNAUTHORIZED: { status: 401, en: 'Please sign in to continue', ar: 'يرجى تسجيل الدخول للمتابعة' },
  SESSION_EXPIRED: {
    status: 401,
    en: 'Your session has ended, please sign in again',
    ar: 'انتهت جلستك، يرجى تسجيل الدخول مرة أخرى',
  },
  FORBIDDEN: {
    status: 403,
    en: 'You are not allowed to perform this action',
    ar: 'غير مسموح لك بتنفيذ هذا الإجراء',
  },
  ADMIN_ONLY: { status: 403, en: 'Only administrators can do this', ar: 'هذا الإجراء متاح للمسؤولين فقط' },
  NOT_FOUND: { status: 404, en: 'Not found', ar: 'غير موجود' },
  ROUTE_NOT_FOUND: { status: 404, en: 'This address does not exist', ar: 'هذا العنوان غير موجود' },
  INVALID_CREDENTIALS: {
    status: 400,
    en: 'Email or password is incorrect',
    ar: 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
  },
  INVALID_VERIFICATION_TOKEN: {
    status: 400,
    en: 'Invalid or missing verification token.',
    ar: 'رمز التحقق غير صالح أو مفقود.',
  },
  WRONG_PASSWORD: {
    status: 400,
    en: 'The current password is incorrect',
    ar: 'كلمة المرور الحالية غير صحيحة',
  },
  RATE_LIMITED: {
    status: 429,
    en: 'Too many attempts, please wait a moment and try again',
    ar: 'محاولات كثيرة، يرجى الانتظار قليلاً ثم المحاولة مرة أخرى',
  },
  ACCOUNT_SUSPENDED: {
    status: 409,
    en: 'This account is suspended. Please contact the Bawaba team.',
    ar: 'هذا الحساب موقوف. يرجى التواصل مع فريق بوابة.',
  },
  USER_NOT_FOUND: { status: 404, en: 'User not found', ar: 'المستخدم غير موجود' },
  CANNOT_SUSPEND_SELF: {
    status: 409,
    en: 'You cannot suspend your own account',
    ar: 'لا يمكنك إيقاف حسابك',
  },
  CANNOT_SUSPEND_ADMIN: {
    status: 409,
    en: 'A platform administrator cannot be suspended here',
    ar: 'لا يمكن إيقاف مسؤول المنصة من هنا',
  },
  ALREADY_SUSPENDED: { status: 409, en: 'This account is already suspended', ar: 'هذا الحساب موقوف مسبقاً' },
  NOT_SUSPENDED: { status: 409, en: 'This account is not suspended', ar: 'هذا الحساب غير موقوف' },
  ALREADY_VERIFIED: {
    status: 409,
    en: 'This account is already verified',
    ar: 'هذا الحساب موثّق مسبقاً',
  },
  SUSPENDED_NO_MAIL: {
    status: 409,
    en: 'This account is suspended: restore it before sending it a verification mail',
    ar: 'هذا الحساب موقوف: أعد تفعيله قبل إرسال رسالة التحقق إليه',
  },
  COMPANY_NOT_FOUND: { status: 404, en: 'Company not found', ar: 'الشركة غير موجودة' },
  COMPANY_WITHOUT_SERVICES: {
    status: 409,
    en: 'A company needs at least one service before it can be approved',
    ar: 'يجب أن تقدّم الشركة خدمة واحدة على الأقل قبل الموافقة عليها',
  },
  COMPANY_NOT_APPROVED: {
    status: 409,
    en: 'This company is not approved yet',
    ar: 'لم تتم الموافقة على هذه الشركة بعد',
  },
  OWN_COMPANY: {
    status: 409,
    en: 'You cannot request a service from your own company',
    ar: 'لا يمكنك طلب خدمة من شركتك',
  },
  OWN_COMPANY_INVITATION: {
    status: 409,
    en: 'You cannot invite your own company to your tender',
    ar: 'لا يمكنك دعوة شركتك إلى مناقصتك',
  },
  COMPANY_WITHOUT_OWNER: {
    status: 409,
    en: 'This company has no account on Bawaba yet, so there is nobody to invite',
    ar: 'ليس لهذه الشركة حساب على بوابة بعد، فلا يوجد من تتم دعوته',
  },
  ALREADY_INVITED: {
    status: 409,
    en: 'This company is already invited to this tender',
    ar: 'تمت دعوة هذه الشركة إلى هذه المناقصة مسبقاً',
  },
  UNKNOWN_SERVICE: {
    status: 422,
    en: 'One of the selected services does not exist',
    ar: 'إحدى الخدمات المختارة غير موجودة',
  },
  UNKNOWN_CATEGORY: {
    status: 422,
    en: 'The selected category does not exist',
    ar: 'الفئة المختارة غير موجودة',
  },
  NAME_REQUIRED: {
    status: 400,
    en: 'Write the name in English, in Arabic or in both',
    ar: 'اكتب الاسم بالعربية أو بالإنجليزية أو بكلتيهما',
  },
  REASON_REQUIRED: {
    status: 400,
    en: 'Write the reason in English, in Arabic or in both',
    ar: 'اكتب السبب بالعربية أو بالإنجليزية أو بكلتيهما',
  },
  TITLE_REQUIRED: {
    status: 400,
    en: 'Write the title in English, in Arabic or in both',
    ar: 'اكتب العنوان بالعربية أو بالإنجليزية أو بكلتيهما',
  },
  UNKNOWN_LOCATION: {
    status: 422,
    en: 'The selected location does not exist',
    ar: 'الموقع المختار غير موجود',
  },
  SERVICE_RETIRED: {
    status: 422,
    en: 'One of the selected services is no longer offered for new records',
    ar: 'إحدى الخدمات المختارة لم تعد متاحة للسجلات الجديدة',
  },
  CATEGORY_RETIRED: {
    status: 422,
    en: 'The selected category is no longer offered for new records',
    ar: 'الفئة المختارة لم تعد متاحة للسجلات الجديدة',
  },
  LOCATION_RETIRED: {
    status: 422,
    en: 'The selected location is no longer offered for new records',
    ar: 'الموقع المختار لم يعد متاحاً للسجلات الجديدة',
  },
  CATALOG_ENTRY_NOT_FOUND: {
    status: 404,
    en: 'This catalogue entry does not exist',
    ar: 'هذا العنصر غير موجود في الدليل',
  },
  CATALOG_VERSION_CONFLICT: {
    status: 409,
    en: 'Someone else changed this entry since you opened it: reload to see their change',
    ar: 'غيّر شخص آخر هذا العنصر منذ أن فتحته: أعد التحميل لترى التغيير',
  },
  CATALOG_NAME_TAKEN: {
    status: 409,
    en: 'This name is already used by another entry of the same list',
    ar: 'هذا الاسم مستخدم لعنصر آخر في القائمة نفسها',
  },
  MERGE_INTO_ITSELF: {
    status: 409,
    en: 'A service cannot be merged into itself',
    ar: 'لا يمكن دمج خدمة في نفسها',
  },
  MERGE_INTO_RETIRED: {
    status: 409,
    en: 'A service cannot be merged into a retired service or a service of a retired category',
    ar: 'لا يمكن الدمج في خدمة متوقفة أو في خدمة من فئة متوقفة',
  },
  LAST_SERVICE_IN_USE: {
    status: 409,
    en: 'This is the last service offered in a category that companies still use: add or restore another service first, or merge this one',
    ar: 'هذه آخر خدمة متاحة في فئة ما زالت الشركات تستخدمها: أضف خدمة أخرى أو أعد واحدة أولاً، أو ادمج هذه الخدمة',
  },
  REQUEST_NOT_FOUND: { status: 404, en: 'Request not found', ar: 'الطلب غير موجود' },
  ALREADY_DECIDED: { status: 409, en: 'This has already been decided', ar: 'تم البت في هذا مسبقاً' },
  TENDER_NOT_FOUND: { status: 404, en: 'Tender not found', ar: 'المناقصة غير موجودة' },
  NOT_TENDER_OWNER: {
    status: 409,
    en: 'Only the owner of this tender can do this',
    ar: 'هذا الإجراء متاح لمالك المناقصة فقط',
  },
  OWN_TENDER: {
    status: 409,
    en: 'You cannot act on your own tender',
    ar: 'لا يمكنك تنفيذ هذا الإجراء على مناقصتك',
  },
  TENDER_NOT_PUBLISHED: {
    status: 409,
    en: 'This tender is not published',
    ar: 'هذه المناقصة غير منشورة',
  },
  TENDER_INVALID_STATE: {
    status: 409,
    en: 'This tender cannot be changed in its current state',
    ar: 'لا يمكن تعديل هذه المناقصة في حالتها الحالية',
  },
  TENDER_NOT_CLOSED: {
    status: 409,
    en: 'Interest can only be expressed in closed tenders',
    ar: 'يمكن إبداء الاهتمام بالمناقصات المغلقة فقط',
  },
  INTEREST_EXISTS: {
    status: 409,
    en: 'You have already submitted interest in this tender',
    ar: 'لقد أبديت اهتمامك بهذه المناقصة مسبقاً',
  },
  INTEREST_NOT_FOUND: { status: 404, en: 'Interest not found', ar: 'طلب الاهتمام غير موجود' },
  INTEREST_NOT_APPROVED: {
    status: 409,
    en: 'Your interest in this closed tender must be approved first',
    ar: 'يجب الموافقة على اهتمامك بهذه المناقصة المغلقة أولاً',
  },
  DEADLINE_PASSED: {
    status: 409,
    en: 'The deadline of this tender has passed',
    ar: 'انتهى الموعد النهائي لهذه المناقصة',
  },
  TENDER_ENDED: {
    status: 409,
    en: 'This tender has ended: it was awarded, closed without award or cancelled',
    ar: 'انتهت هذه المناقصة: تمت ترسيتها أو إغلاقها دون ترسية أو إلغاؤها',
  },
  DECISION_PENDING: {
    status: 409,
    en: 'A decision on this tender already waits for an approver: it must be approved or refused first',
    ar: 'هناك قرار بشأن هذه المناقصة بانتظار الموافقة: يجب قبوله أو رفضه أولاً',
  },
  DECISION_NOT_PENDING: {
    status: 409,
    en: 'No decision on this tender waits for approval',
    ar: 'لا يوجد قرار بشأن هذه المناقصة بانتظار الموافقة',
  },
  OWN_DECISION_REQUEST: {
    status: 409,
    en: 'You asked for this decision: another approver must answer it',
    ar: 'أنت من طلب هذا القرار: يجب أن يرد عليه مُعتمِد آخر',
  },
  OBJECTION_OPEN: {
    status: 409,
    en: 'An objection to the award is still open: answer it first',
    ar: 'لا يزال هناك اعتراض مفتوح على الترسية: يجب الرد عليه أولاً',
  },
  OBJECTION_EXISTS: {
    status: 409,
    en: 'You have already objected to this award',
    ar: 'لقد قدمت اعتراضاً على هذه الترسية من قبل',
  },
  NO_OPEN_OBJECTION: {
    status: 409,
    en: 'There is no open objection to answer',
    ar: 'لا يوجد اعتراض مفتوح للرد عليه',
  },
  WINNER_CANNOT_OBJECT: {
    status: 409,
    en: 'The award went to your proposal: there is nothing to object to',
    ar: 'رُسيت المناقصة على عرضك: لا يوجد ما تعترض عليه',
  },
  STANDSTILL_ENDED: {
    status: 409,
    en: 'The standstill period has ended: objections are no longer accepted',
    ar: 'انتهت فترة التوقف: لم تعد الاعتراضات مقبولة',
  },
  BAFO_NOT_ANNOUNCED: {
    status: 409,
    en: 'This tender did not announce a best-and-final-offer round',
    ar: 'لم تُعلن هذه المناقصة عن جولة للعرض الأفضل والنهائي',
  },
  BAFO_ALREADY_HELD: {
    status: 409,
    en: 'A best-and-final-offer round was already held for this tender',
    ar: 'عُقدت جولة العرض الأفضل والنهائي لهذه المناقصة من قبل',
  },
  BAFO_NOT_STARTED: {
    status: 409,
    en: 'No best-and-final-offer round is running for this tender',
    ar: 'لا توجد جولة عرض أفضل ونهائي جارية لهذه المناقصة',
  },
  NOT_INVITED_TO_BAFO: {
    status: 409,
    en: 'Your proposal is not invited to the best-and-final-offer round',
    ar: 'عرضك غير مدعو إلى جولة العرض الأفضل والنهائي',
  },
  BAFO_CLOSED: {
    status: 409,
    en: 'The best-and-final-offer round has closed',
    ar: 'أُغلقت جولة العرض الأفضل والنهائي',
  },
  BAFO_OPEN: {
    status: 409,
    en: 'The best-and-final-offer round is still open: wait for its deadline',
    ar: 'جولة العرض الأفضل والنهائي لا تزال مفتوحة: انتظر موعدها النهائي',
  },
  TECHNICAL_NOT_LOCKED: {
    status: 409,
    en: 'The technical evaluation is not locked yet',
    ar: 'لم يُقفل التقييم الفني بعد',
  },
  BAFO_DEADLINE_RANGE: {
    status: 422,
    en: 'The round must close at least an hour and at most 30 days from now',
    ar: 'يجب أن تُغلق الجولة بعد ساعة على الأقل و30 يوماً على الأكثر من الآن',
  },
  PROPOSAL_NOT_IN_RUNNING: {
    status: 422,
    en: 'Only proposals of this tender still in the running can be invited',
    ar: 'لا يمكن دعوة إلا عروض هذه المناقصة التي ما زالت في المنافسة',
  },
  BAFO_NOT_LOWER: {
    status: 422,
    en: 'A best and final offer cannot be higher than your offer',
    ar: 'لا يمكن أن يكون العرض الأفضل والنهائي أعلى من عرضك',
  },
  NOT_EVALUATOR: {
    status: 409,
    en: 'You are not on the evaluation panel of this tender',
    ar: 'لست عضواً في لجنة تقييم هذه المناقصة',
  },
  NOT_CHAIR: {
    status: 409,
    en: 'Only the chair of the evaluation panel can do this',
    ar: 'لا يقوم بهذا إلا رئيس لجنة التقييم',
  },
  NOT_WEIGHTED: {
    status: 409,
    en: 'This tender is judged on price alone: there are no criteria to score',
    ar: 'تُقيَّم هذه المناقصة على السعر وحده: لا توجد معايير لتقييمها بالدرجات',
  },
  NOT_COMPANY_MEMBER: {
    status: 409,
    en: "Evaluators must be members of the tender's company (for a personal tender, its owner alone)",
    ar: 'يجب أن يكون أعضاء لجنة التقييم من أعضاء الشركة صاحبة المناقصة (وللمناقصة الشخصية: صاحبها وحده)',
  },
  DECLARATION_REQUIRED: {
    status: 409,
    en: 'Sign the conflict-of-interest declaration first',
    ar: 'وقّع إقرار عدم تعارض المصالح أولاً',
  },
  DECLARATION_MADE: {
    status: 409,
    en: 'You have already answered the conflict-of-interest declaration',
    ar: 'لقد أجبت على إقرار عدم تعارض المصالح من قبل',
  },
  SCORES_SUBMITTED: {
    status: 409,
    en: 'Your scores are submitted and can no longer be changed',
    ar: 'تم تقديم درجاتك ولم يعد بالإمكان تغييرها',
  },
  SCORES_INCOMPLETE: {
    status: 409,
    en: 'Score every criterion of every proposal before submitting',
    ar: 'قيّم كل معيار لكل عرض قبل التقديم',
  },
  SCORES_NOT_SUBMITTED: {
    status: 409,
    en: 'This evaluator has not submitted their scores',
    ar: 'لم يقدّم هذا المقيِّم درجاته بعد',
  },
  PANEL_NOT_READY: {
    status: 409,
    en: 'Every evaluator who signed the declaration must submit their scores first',
    ar: 'يجب أن يقدّم كل مقيِّم وقّع الإقرار درجاته أولاً',
  },
  TECHNICAL_LOCKED: {
    status: 409,
    en: 'The technical evaluation is locked',
    ar: 'تم إقفال التقييم الفني',
  },
  LOCK_NOT_NEEDED: {
    status: 409,
    en: 'This tender is judged on price in one envelope: there is no technical stage to lock',
    ar: 'تُقيَّم هذه المناقصة على السعر في مظروف واحد: لا توجد مرحلة فنية لإقفالها',
  },
  DEBRIEF_NOT_READY: {
    status: 409,
    en: 'The debrief is ready once an award is decided',
    ar: 'يصبح التقرير التوضيحي جاهزاً بعد تقرير الترسية',
  },
  PROPOSAL_FAILED_TECHNICAL: {
    status: 409,
    en: 'This proposal did not pass the technical evaluation',
    ar: 'لم يجتز هذا العرض التقييم الفني',
  },
  TENDER_NOT_PUBLISHED_STATE: {
    status: 409,
    en: 'This can only be done while the tender is published and before its deadline',
    ar: 'لا يمكن القيام بذلك إلا أثناء نشر المناقصة وقبل موعدها النهائي',
  },
  BIDS_NOT_OPENED: {
    status: 409,
    en: 'Proposals stay sealed until the deadline',
    ar: 'تبقى العروض مختومة حتى الموعد النهائي',
  },
  CLARIFICATION_CUTOFF_PASSED: {
    status: 409,
    en: 'The period for questions on this tender has ended',
    ar: 'انتهت فترة الاستفسارات لهذه المناقصة',
  },
  TOO_MANY_OPEN_QUESTIONS: {
    status: 409,
    en: 'You have 10 questions waiting for an answer on this tender; wait for the answers before asking more',
    ar: 'لديك 10 أسئلة بانتظار الإجابة على هذه المناقصة؛ انتظر الإجابات قبل طرح المزيد',
  },
  CLARIFICATION_NOT_FOUND: { status: 404, en: 'Question not found', ar: 'السؤال غير موجود' },
  CLARIFICATION_ANSWERED: {
    status: 409,
    en: 'This question has already been answered',
    ar: 'تمت الإجابة على هذا السؤال مسبقاً',
  },
  OWN_TENDER_QUESTION: {
    status: 409,
    en: 'You cannot ask a question on your own tender',
    ar: 'لا يمكنك طرح سؤال على مناقصتك',
  },
  AMENDMENT_WITHOUT_CHANGES: {
    status: 422,
    en: 'An amendment must change at least one field',
    ar: 'يجب أن يغيّر التعديل حقلاً واحداً على الأقل',
  },
  INVALID_TENDER_DATES: {
    status: 422,
    en: 'The dates do not fit: the end must follow the start and the cut-off must not be after the deadline',
    ar: 'التواريخ غير متوافقة: يجب أن تلي النهاية البداية وألا يتجاوز موعد إغلاق الاستفسارات الموعد النهائي',
  },
  PROPOSAL_NOT_RESPONSIVE: {
    status: 409,
    en: 'A proposal marked not responsive cannot be awarded',
    ar: 'لا يمكن ترسية عرض مصنف كغير مستوفٍ',
  },
  PROPOSAL_NOT_PAID: {
    status: 409,
    en: 'This proposal’s participation fee and bond were not paid, so it cannot be awarded',
    ar: 'لم تُدفع رسوم المشاركة والضمان لهذا العرض، لذا لا يمكن ترسيته',
  },
  PROPOSAL_EXISTS: {
    status: 409,
    en: 'You have already submitted a proposal for this tender',
    ar: 'لقد قدمت عرضاً لهذه المناقصة مسبقاً',
  },
  PROPOSAL_NOT_FOUND: { status: 404, en: 'Proposal not found', ar: 'العرض غير موجود' },
  INVALID_MILESTONES: {
    status: 422,
    en: 'Milestone dates are inconsistent',
    ar: 'تواريخ المراحل غير متسقة',
  },
  FILE_NOT_FOUND: { status: 404, en: 'File not found', ar: 'الملف غير موجود' },
  // Contracts (the contract rulebook: shared/src/rules/contract-rules.ts)
  CONTRACT_NOT_FOUND: { status: 404, en: 'Contract not found', ar: 'العقد غير موجود' },
  MILESTONE_NOT_FOUND: { status: 404, en: 'Milestone not found', ar: 'المرحلة غير موجودة' },
  VARIATION_NOT_FOUND: { status: 404, en: 'Variation not found', ar: 'التعديل غير موجود' },
  NOT_CONTRACT_BUYER: {
    status: 409,
    en: "Only the contract's buyer can do this",
    ar: 'هذا الإجراء متاح لمشتري العقد فقط',
  },
  NOT_CONTRACT_SUPPLIER: {
    status: 409,
    en: "Only the contract's supplier can do this",
    ar: 'هذا الإجراء متاح لمورّد العقد فقط',
  },
  CONTRACT_NOT_PENDING: {
    status: 409,
    en: 'This contract is no longer awaiting acceptance',
    ar: 'هذا العقد لم يعد بانتظار القبول',
  },
  CONTRACT_ALREADY_ACCEPTED: {
    status: 409,
    en: 'Your side has already accepted this contract',
    ar: 'قبلت جهتك هذا العقد من قبل',
  },
  CONTRACT_NOT_ACTIVE: {
    status: 409,
    en: 'This contract is not in effect',
    ar: 'هذا العقد ليس ساري المفعول',
  },
  CONTRACT_ENDED: {
    status: 409,
    en: 'This contract has already ended',
    ar: 'انتهى هذا العقد من قبل',
  },
  RATING_CONTRACT_OPEN: {
    status: 409,
    en: 'A contract can be rated once it is completed or terminated',
    ar: 'يمكن تقييم العقد بعد اكتماله أو إنهائه',
  },
  RATING_WINDOW_CLOSED: {
    status: 409,
    en: 'The 30 days for rating this contract have passed',
    ar: 'انقضت مدة الثلاثين يومًا لتقييم هذا العقد',
  },
  RATING_REVEALED: {
    status: 409,
    en: 'The ratings of this contract are published and can no longer change',
    ar: 'نُشرت تقييمات هذا العقد ولم يعد تغييرها ممكنًا',
  },
  RATING_NOT_GIVEN: {
    status: 409,
    en: 'The other party has not rated your side',
    ar: 'لم يقيّم الطرف الآخر جهتك',
  },
  RATING_NOT_REVEALED: {
    status: 409,
    en: 'You can reply once the ratings are published',
    ar: 'يمكنك الرد بعد نشر التقييمات',
  },
  RATING_ALREADY_REPLIED: {
    status: 409,
    en: 'Your side has already replied to this rating',
    ar: 'ردّت جهتك على هذا التقييم من قبل',
  },
  RATING_PAYMENT_REQUIRED: {
    status: 422,
    en: "Rate the buyer's payment on time from 1 to 5",
    ar: 'قيّم التزام المشتري بمواعيد الدفع من 1 إلى 5',
  },
  RATING_PAYMENT_SUPPLIER_ONLY: {
    status: 422,
    en: 'Only the supplier rates payment on time',
    ar: 'يقيّم المورّد وحده الالتزام بمواعيد الدفع',
  },
  MILESTONE_NOT_OPEN: {
    status: 409,
    en: 'This milestone is not waiting for deliverables',
    ar: 'هذه المرحلة ليست بانتظار المخرجات',
  },
  MILESTONE_NOT_SUBMITTED: {
    status: 409,
    en: 'This milestone has no submission waiting for review',
    ar: 'لا يوجد تقديم بانتظار المراجعة لهذه المرحلة',
  },
  MILESTONE_NOT_ACCEPTED: {
    status: 409,
    en: 'Only an accepted milestone can be paid',
    ar: 'لا يمكن دفع إلا المرحلة المقبولة',
  },
  MILESTONE_PAID: { status: 409, en: 'This milestone is already paid', ar: 'هذه المرحلة مدفوعة من قبل' },
  MILESTONE_ACCEPTED: {
    status: 409,
    en: 'This milestone is already accepted and can no longer change',
    ar: 'هذه المرحلة مقبولة ولم يعد بالإمكان تغييرها',
  },
  VARIATION_NOT_PROPOSED: {
    status: 409,
    en: 'This variation has already been answered',
    ar: 'تم الرد على هذا التعديل من قبل',
  },
  OWN_VARIATION: {
    status: 409,
    en: 'Your side proposed this variation: the other party answers it',
    ar: 'اقترحت جهتك هذا التعديل، والرد عليه للطرف الآخر',
  },
  NOT_VARIATION_PROPOSER: {
    status: 409,
    en: 'Only the side that proposed this variation can withdraw it',
    ar: 'لا يسحب التعديل إلا الطرف الذي اقترحه',
  },
  CREDENTIAL_NOT_FOUND: { status: 404, en: 'Credential not found', ar: 'الوثيقة غير موجودة' },
  CREDENTIAL_NOT_PENDING: {
    status: 409,
    en: 'This credential has already been verified or rejected',
    ar: 'تم التحقق من هذه الوثيقة أو رفضها مسبقاً',
  },
  CREDENTIAL_EXPIRED: {
    status: 409,
    en: 'This credential has expired: upload a current one',
    ar: 'انتهت صلاحية هذه الوثيقة: ارفع وثيقة سارية',
  },
  CREDENTIALS_REQUIRED: {
    status: 409,
    en: 'This tender requires credentials your company does not hold yet (verified and not expired)',
    ar: 'تتطلب هذه المناقصة وثائق لا تملكها شركتك بعد (موثّقة وغير منتهية الصلاحية)',
  },
  INVALID_FILE_REFERENCE: {
    status: 422,
    en: 'An attached file does not exist or is not yours',
    ar: 'أحد الملفات المرفقة غير موجود أو لا يخصك',
  },
  FILE_TOO_LARGE: { status: 413, en: 'The file is larger than 50 MB', ar: 'حجم الملف أكبر من 50 ميغابايت' },
  FILE_TYPE_NOT_ALLOWED: {
    status: 415,
    en: 'This file type is not allowed here',
    ar: 'نوع الملف غير مسموح به هنا',
  },
  FILE_NAME_NOT_ALLOWED: {
    status: 400,
    en: 'This file name is not allowed: rename the file without folders, special or invisible characters',
    ar: 'اسم الملف غير مسموح به: أعد تسمية الملف بدون مجلدات أو رموز خاصة أو غير مرئية',
  },
  FILE_CONTENT_MISMATCH: {
    status: 415,
    en: 'The content of this file does not match its extension',
    ar: 'محتوى هذا الملف لا يطابق امتداده',
  },
  UNSAFE_ARCHIVE: {
    status: 415,
    en: 'This document is damaged or expands to an unsafe size when opened',
    ar: 'هذا المستند تالف أو يتضخم إلى حجم غير آمن عند فتحه',
  },
  PAYMENT_NOT_FOUND: { status: 404, en: 'Payment not found', ar: 'الدفعة غير موجودة' },
  PAYMENT_NOT_REQUIRED: {
    status: 409,
    en: 'No payment is due for this proposal',
    ar: 'لا توجد دفعة مستحقة لهذا العرض',
  },
  PAYMENT_COMPLETED: {
    status: 409,
    en: 'This payment has already been completed',
    ar: 'تم إتمام هذه الدفعة مسبقاً',
  },
  NOTIFICATION_NOT_FOUND: { status: 404, en: 'Notification not found', ar: 'الإشعار غير موجود' },
  AD_NOT_FOUND: { status: 404, en: 'Advertisement not found', ar: 'الإعلان غير موجود' },
  FOLLOW_NOT_FOUND: { status: 404, en: 'Follow not found', ar: 'المتابعة غير موجودة' },
  ALREADY_FOLLOWING: { status: 409, en: 'You already follow this', ar: 'أنت تتابع هذا بالفعل' },
  IDEMPOTENCY_KEY_INVALID: {
    status: 422,
    en: 'The Idempotency-Key header must be a UUID',
    ar: 'يجب أن تكون قيمة الترويسة Idempotency-Key معرّفاً فريداً (UUID)',
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    en: 'This Idempotency-Key was already used for a different request; send a new key for a new request',
    ar: 'سبق استخدام مفتاح Idempotency-Key هذا لطلب مختلف؛ أرسل مفتاحاً جديداً لكل طلب جديد',
  },
  IDEMPOTENCY_IN_PROGRESS: {
    status: 409,
    en: 'A request with this Idempotency-Key is still being processed; try again in a moment',
    ar: 'لا يزال طلب بمفتاح Idempotency-Key هذا قيد المعالجة؛ حاول مرة أخرى بعد قليل',
  },
  PAYLOAD_TOO_LARGE: { status: 413, en: 'The request is too large', ar: 'الطلب كبير جداً' },
  URI_TOO_LONG: { status: 414, en: 'This address is too long', ar: 'هذا العنوان طويل جداً' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, en: 'Unsupported content type', ar: 'نوع المحتوى غير مدعوم' },
  INTERNAL: {
    status: 500,
    en: 'An error occurred while connecting to the server.',
    ar: 'حدث خطأ أثناء الاتصال بالخادم.',
  },
  NO_ACTIVE_COMPANY: {
    status: 409,
    en: 'Choose one of your companies first (or register or join one)',
    ar: 'اختر إحدى شركاتك أولاً (أو سجّل شركة أو انضم إلى واحدة)',
  },
  COMPANY_ROLE_REQUIRED: {
    status: 409,
    en: 'Your role in this company does not allow this',
    ar: 'دورك في هذه الشركة لا يسمح بهذا الإجراء',
  },
  LAST_ADMIN: {
    status: 409,
    en: 'A company needs at least one administrator: make someone else an administrator first',
    ar: 'يجب أن يكون للشركة مسؤول واحد على الأقل: عيّن مسؤولاً آخر أولاً',
  },
  MEMBER_NOT_FOUND: { status: 404, en: 'Member not found', ar: 'العضو غير موجود' },
  ALREADY_MEMBER: {
    status: 409,
    en: 'This person is already a member of the company',
    ar: 'هذا الشخص عضو في الشركة بالفعل',
  },
  ALREADY_INVITED_MEMBER: {
    status: 409,
    en: 'This address already has a pending invitation: resend it instead',
    ar: 'لهذا العنوان دعوة معلّقة بالفعل: أعد إرسالها بدلاً من ذلك',
  },
  INVITATION_NOT_FOUND: {
    status: 404,
    en: 'This invitation does not exist or was cancelled',
    ar: 'هذه الدعوة غير موجودة أو أُلغيت',
  },
  INVITATION_EXPIRED: {
    status: 409,
    en: 'This invitation has expired: ask for a new one',
    ar: 'انتهت صلاحية هذه الدعوة: اطلب دعوة جديدة',
  },
  INVITATION_OTHER_EMAIL: {
    status: 409,
    en: 'This invitation is for another email address: sign in with that address to accept it',
    ar: 'هذه الدعوة لعنوان بريد إلكتروني آخر: سجّل الدخول بذلك العنوان لقبولها',
  },
  SIGN_IN_TO_JOIN: {
    status: 409,
    en: 'This address already has an account: sign in to accept the invitation',
    ar: 'لهذا العنوان حساب بالفعل: سجّل الدخول لقبول الدعوة',
  },
  NAME_AND_PASSWORD_REQUIRED: {
    status: 422,
    en: 'Enter your name and a password to create your account',
    ar: 'أدخل اسمك وكلمة مرور لإنشاء حسابك',
  },
  WEBHOOK_NOT_FOUND: { status: 404, en: 'Webhook not found', ar: 'الويب هوك غير موجود' },
  WEBHOOK_DELIVERY_NOT_FOUND: { status: 404, en: 'Delivery not found', ar: 'عملية الإرسال غير موجودة' },
  WEBHOOK_LIMIT: {
    status: 409,
    en: 'A company may have at most 10 webhooks: delete one first',
    ar: 'يمكن للشركة أن تملك 10 ويب هوك على الأكثر: احذف واحدًا أولاً',
  },
  WEBHOOK_URL_HTTPS_REQUIRED: {
    status: 422,
    en: 'The address must start with https://',
    ar: 'يجب أن يبدأ العنوان بـ https://',
  },
  WEBHOOK_URL_PRIVATE: {
    status: 422,
    en: 'The address must be reachable on the internet, not a local or private network address',
    ar: 'يجب أن يكون العنوان متاحًا على الإنترنت، لا عنوانًا محليًا أو على شبكة خاصة',
  },
  WEBHOOK_DELIVERY_NOT_GIVEN_UP: {
    status: 409,
    en: 'Only a delivery that was given up can be sent again',
    ar: 'لا يمكن إعادة الإرسال إلا لعملية إرسال توقفت محاولاتها',
  },
} as const satisfies Record<string, { status: number; en: string; ar: string }>;

export type ErrorCode = keyof typeof ERRORS;
export type Lang = 'en' | 'ar';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};
const statusText = (s: number) => STATUS_TEXT[s] ?? 'Error';

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  /** Extra detail appended to the message (e.g. the field of a validation failure), already localized. */
  readonly detail: string | undefined;
  /** Headers sent with the answer (a 429's Retry-After). */
  readonly headers: Record<string, string>;
  constructor(code: ErrorCode, detail?: string, headers: Record<string, string> = {}) {
    super(detail ? `${ERRORS[code].en}: ${detail}` : ERRORS[code].en);
    this.code = code;
    this.statusCode = ERRORS[code].status;
    this.detail = detail;
    this.headers = headers;
  }
}

export function errorBody(code: ErrorCode, lang: Lang, detail?: string, statusCode?: number) {
  const status = statusCode ?? ERRORS[code].status;
  const base = ERRORS[code][lang];
  return {
    statusCode: status,
    error: statusText(status),
    message: detail ? `${base} (${detail})` : base,
    code,
  };
}

export function langOf(header: string | string[] | undefined): Lang {
  const v = Array.isArray(header) ? header[0] : header;
  return v && /^\s*ar\b/i.test(v) ? 'ar' : 'en';
}

/**
 * PostgreSQL errors that can only come from a value the client sent (a number past `integer`, a date out of
 * range, text the type cannot read): the request is refused as invalid (422) instead of answered 500.
 * The contracts bound what they can; this is the net under them. Drizzle wraps the driver error in `cause`.
 */
const INPUT_SQLSTATES = new Set(['22003', '22P02', '22007', '22008', '22001', '22021', '54000']);
export function isDatabaseInputError(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; i++) {
    if (typeof e.code === 'string' && INPUT_SQLSTATES.has(e.code)) return true;
    e = e.cause as typeof e;
  }
  return false;
}
