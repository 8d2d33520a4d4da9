/**
 * The ONE table of validation messages and their Arabic: every message of the schemas in this folder (the
 * API validates requests with them, the forms validate input with them), plus the few messages of the front
 * ends' own form rules. Keys are the English messages exactly as the schemas carry them.
 *
 * Plain data, not Lingui descriptors, so that both sides can use it: the forms show the Arabic through
 * `translateMessage` (shared/src/i18n; this table is loaded with shared's Arabic catalog, so the English first
 * page never downloads it) and the API can answer a 422 in Arabic with `contractMessageIn`. The test command
 * (scripts/i18n/check.ts) walks every exported schema and fails when a validation action has no message of
 * its own or a message has no Arabic here: whoever adds a message adds its line.
 */
export const CONTRACT_MESSAGES: Readonly<Record<string, string>> = {
  'Choose a kind of credential.': 'اختر نوع الوثيقة.',
  'Unknown credential status.': 'حالة الوثيقة غير معروفة.',
  'Write the number or title.': 'اكتب الرقم أو العنوان.',
  'A number or title is at most 200 characters.': 'الرقم أو العنوان 200 حرف على الأكثر.',
  'Write who issued it.': 'اكتب الجهة المصدرة.',
  'An issuer is at most 200 characters.': 'اسم الجهة المصدرة 200 حرف على الأكثر.',
  'Enter the issue date.': 'أدخل تاريخ الإصدار.',
  'Enter the expiry date.': 'أدخل تاريخ الانتهاء.',
  'Attach the document.': 'أرفق الوثيقة.',
  'The expiry date must be after the issue date.': 'يجب أن يكون تاريخ الانتهاء بعد تاريخ الإصدار.',
  'Each kind of credential once.': 'كل نوع من الوثائق مرة واحدة.',
  'Give a score from 1 to 5.': 'أعطِ درجة من 1 إلى 5.',
  'Write your reply.': 'اكتب ردّك.',
  'Sort by rating or leave it empty.': 'رتّب حسب التقييم أو اترك الحقل فارغًا.',
  'A rating from 1 to 5.': 'تقييم من 1 إلى 5.',
  'Choose lowest price or weighted criteria.': 'اختر أقل سعر أو معايير مرجّحة.',
  'A tender has one envelope or two.': 'للمناقصة مظروف واحد أو مظروفان.',
  'A criterion name is at most 200 characters.': 'اسم المعيار 200 حرف على الأكثر.',
  'A criterion description is at most 2000 characters.': 'وصف المعيار 2000 حرف على الأكثر.',
  'Write the criterion name in English, in Arabic or in both.':
    'اكتب اسم المعيار بالعربية أو بالإنجليزية أو بكلتيهما.',
  'A weight is a whole number from 1 to 100.': 'الوزن عدد صحيح من 1 إلى 100.',
  'At most 20 criteria.': '20 معيارًا على الأكثر.',
  'The technical weight is a whole number from 0 to 100.': 'الوزن الفني عدد صحيح من 0 إلى 100.',
  'The financial weight is a whole number from 0 to 100.': 'الوزن المالي عدد صحيح من 0 إلى 100.',
  'The pass mark is a whole number from 0 to 100.': 'درجة النجاح عدد صحيح من 0 إلى 100.',
  'Lowest price takes no criteria, weights or pass mark.':
    'طريقة أقل سعر لا تأخذ معايير ولا أوزانًا ولا درجة نجاح.',
  'Add at least one criterion.': 'أضف معيارًا واحدًا على الأقل.',
  'The criteria weights must add up to 100.': 'يجب أن يكون مجموع أوزان المعايير 100.',
  'The technical and financial weights must add up to 100.': 'يجب أن يكون مجموع الوزنين الفني والمالي 100.',
  'Set the technical pass mark (0 to 100).': 'حدّد درجة النجاح الفنية (من 0 إلى 100).',
  'Write the name in English, in Arabic or in both.': 'اكتب الاسم بالعربية أو بالإنجليزية أو بكلتيهما.',
  'Write the title in English, in Arabic or in both.': 'اكتب العنوان بالعربية أو بالإنجليزية أو بكلتيهما.',
  'Write the name in English.': 'اكتب الاسم بالإنجليزية.',
  'Write the name in Arabic.': 'اكتب الاسم بالعربية.',
  'A catalogue name is at most 100 characters.': 'اسم عنصر الدليل 100 حرف على الأكثر.',
  'The version read is required.': 'رقم النسخة التي قرأتها مطلوب.',
  'A position is a whole number.': 'الترتيب عدد صحيح.',
  'Retired is true or false.': 'قيمة الإيقاف صحيح أو خطأ.',
  'retired is include or left out.': 'قيمة retired هي include أو تُترك فارغة.',
  'A role is admin, buyer, bidder or viewer.': 'الدور مسؤول أو مشترٍ أو مقدّم عروض أو مطّلع.',
  'Amount is required.': 'المبلغ مطلوب.',
  'Amount must be greater than 0.': 'يجب أن يكون المبلغ أكبر من 0.',
  'Amount must be greater than zero': 'يجب أن يكون المبلغ أكبر من صفر',
  'At most 100 breakdown items.': '100 بند على الأكثر في تفصيل السعر.',
  'At most 100 per page': '100 عنصر على الأكثر في الصفحة',
  'At most 1000 per page': '1000 عنصر على الأكثر في الصفحة',
  'A month is written YYYY-MM.': 'يُكتب الشهر بالصيغة YYYY-MM.',
  'At most 20 documents.': '20 مستندًا على الأكثر.',
  'At most 20 tenders.': '20 مناقصة على الأكثر.',
  'At most 200 at once': '200 إشعار على الأكثر في المرة الواحدة',
  'At most 50 milestones.': '50 مرحلة على الأكثر.',
  'At most 50 services.': '50 خدمة على الأكثر.',
  'At most 8 services in the footer.': '8 خدمات على الأكثر في تذييل الموقع.',
  'At most 50 suggestions': '50 اقتراحًا على الأكثر',
  'At most 500 characters.': '500 حرف على الأكثر.',
  'Attachment is required.': 'المرفق مطلوب.',
  'Bond must be 0 or more.': 'يجب أن يكون الضمان 0 أو أكثر.',
  'Budget must be 0 or more.': 'يجب أن تكون الميزانية 0 أو أكثر.',
  'Category must be a number.': 'يجب أن تكون الفئة رقمًا.',
  'Choose Pay or Decline.': 'اختر الدفع أو الرفض.',
  'Choose one service or one category to follow.': 'اختر خدمة واحدة أو فئة واحدة للمتابعة.',
  'Choose at least one role.': 'اختر دورًا واحدًا على الأقل.',
  'Enter the address to send events to.': 'أدخل العنوان الذي تُرسل إليه الأحداث.',
  'An address is at most 2000 characters.': 'العنوان 2000 حرف على الأكثر.',
  'Enter a full web address, like https://example.com/hooks.':
    'أدخل عنوان ويب كاملًا، مثل https://example.com/hooks.',
  'Choose events from the list.': 'اختر الأحداث من القائمة.',
  'Choose at least one event.': 'اختر حدثًا واحدًا على الأقل.',
  'Choose each event once.': 'اختر كل حدث مرة واحدة.',
  'Active is yes or no.': 'قيمة التفعيل نعم أو لا.',
  'Company is required.': 'الشركة مطلوبة.',
  'Company name is required.': 'اسم الشركة مطلوب.',
  'Company name must be at most 200 characters.': 'يجب ألا يتجاوز اسم الشركة 200 حرف.',
  'Confirm Password is required.': 'تأكيد كلمة المرور مطلوب.',
  'Current Password is required.': 'كلمة المرور الحالية مطلوبة.',
  'Deadline is required.': 'الموعد النهائي مطلوب.',
  'Description is required.': 'الوصف مطلوب.',
  'Description is too long.': 'الوصف طويل جدًا.',
  'Description must be at most 1000 characters.': 'يجب ألا يتجاوز الوصف 1000 حرف.',
  'Description must be at most 2000 characters.': 'يجب ألا يتجاوز الوصف 2000 حرف.',
  'Description must be at most 500 characters.': 'يجب ألا يتجاوز الوصف 500 حرف.',
  'Duration must be a whole number of days': 'يجب أن تكون المدة عددًا صحيحًا من الأيام',
  'Duration must be at least 1 day': 'يجب ألا تقل المدة عن يوم واحد',
  'Email is required.': 'البريد الإلكتروني مطلوب.',
  'Enter a real date between 1900 and 2999.': 'أدخل تاريخًا حقيقيًا بين عامي 1900 و2999.',
  'End Date is required.': 'تاريخ الانتهاء مطلوب.',
  'End Date must be after Start Date.': 'يجب أن يكون تاريخ الانتهاء بعد تاريخ البدء.',
  'Expected Completion Date is required.': 'تاريخ الإنجاز المتوقع مطلوب.',
  'Image is required.': 'الصورة مطلوبة.',
  'Invalid file id': 'معرّف الملف غير صالح',
  'Invalid or missing verification token.': 'رمز التحقق غير صالح أو مفقود.',
  'Item name is required': 'اسم البند مطلوب',
  'Item name must be at most 200 characters.': 'يجب ألا يتجاوز اسم البند 200 حرف.',
  'Message is required.': 'الرسالة مطلوبة.',
  'Message must be at most 2000 characters.': 'يجب ألا تتجاوز الرسالة 2000 حرف.',
  'Milestone Description is required.': 'وصف المرحلة مطلوب.',
  'Milestone Title is required.': 'عنوان المرحلة مطلوب.',
  'Milestone title is required': 'عنوان المرحلة مطلوب',
  'Must be a list of ids': 'يجب أن تكون قائمة معرّفات',
  'Must be a number': 'يجب أن يكون رقمًا',
  'Must be a valid date': 'يجب أن يكون تاريخًا صحيحًا',
  'Must be a valid id': 'يجب أن يكون معرّفًا صالحًا',
  'Must be a whole number': 'يجب أن يكون عددًا صحيحًا',
  'Must be at least 1': 'يجب ألا يقل عن 1',
  'Must be at most 2147483647': 'يجب ألا يزيد عن 2147483647',
  'Invalid or missing invitation link.': 'رابط الدعوة غير صالح أو مفقود.',
  'Name is required.': 'الاسم مطلوب.',
  'Name must be at most 120 characters.': 'يجب ألا يتجاوز الاسم 120 حرفًا.',
  'New Password is required.': 'كلمة المرور الجديدة مطلوبة.',
  'Offer Price is required.': 'سعر العرض مطلوب.',
  'Offer Price must be greater than 0.': 'يجب أن يكون سعر العرض أكبر من 0.',
  'Participation fee must be 0 or more.': 'يجب أن تكون رسوم المشاركة 0 أو أكثر.',
  'Password is required.': 'كلمة المرور مطلوبة.',
  'Password is too long.': 'كلمة المرور طويلة جدًا.',
  'Password must be at least 6 characters long.': 'يجب أن تتكون كلمة المرور من 6 أحرف على الأقل.',
  'Passwords do not match.': 'كلمتا المرور غير متطابقتين.',
  'Period is required.': 'المدة مطلوبة.',
  'Period must be a whole number of days.': 'يجب أن تكون المدة عددًا صحيحًا من الأيام.',
  'Period must be greater than 0.': 'يجب أن تكون المدة أكبر من 0.',
  'Phone is required.': 'رقم الهاتف مطلوب.',
  'Phone must contain digits only.': 'يجب أن يحتوي رقم الهاتف على أرقام فقط.',
  'Phone number is too long.': 'رقم الهاتف طويل جدًا.',
  'Please add at least one milestone': 'يرجى إضافة مرحلة واحدة على الأقل',
  'Please complete all required fields': 'يرجى إكمال جميع الحقول المطلوبة',
  'Please describe deliverables': 'يرجى وصف المخرجات',
  'Please enter a valid URL (https://…)': 'يرجى إدخال رابط صحيح (https://…)',
  'Please enter a valid email address.': 'يرجى إدخال بريد إلكتروني صالح.',
  'Please enter payment amount': 'يرجى إدخال مبلغ الدفعة',
  'Please enter proposal value': 'يرجى إدخال قيمة العرض',
  'Please provide a proposal description': 'يرجى إدخال وصف للعرض',
  'Please provide a proposal title': 'يرجى إدخال عنوان للعرض',
  'Please select a location.': 'يرجى اختيار الموقع.',
  'Please select at least one service.': 'يرجى اختيار خدمة واحدة على الأقل.',
  'Please select end date': 'يرجى اختيار تاريخ الانتهاء',
  'Please select expected finish date': 'يرجى اختيار تاريخ الإنجاز المتوقع',
  'Please select payment terms': 'يرجى اختيار شروط الدفع',
  'Please select start date': 'يرجى اختيار تاريخ البدء',
  'Please specify duration': 'يرجى تحديد المدة',
  'Please specify project duration': 'يرجى تحديد مدة المشروع',
  'Please upload at least one supporting document': 'يرجى رفع مستند داعم واحد على الأقل',
  'Project title is required.': 'عنوان المشروع مطلوب.',
  'Project title must be at most 200 characters.': 'يجب ألا يتجاوز عنوان المشروع 200 حرف.',
  'Quantity must be a whole number': 'يجب أن تكون الكمية عددًا صحيحًا',
  'Quantity must be at least 1': 'يجب ألا تقل الكمية عن 1',
  'Search text must be at most 100 characters.': 'يجب ألا يتجاوز نص البحث 100 حرف.',
  'Search text must be at most 200 characters.': 'يجب ألا يتجاوز نص البحث 200 حرف.',
  'Search text must be at most 50 characters.': 'يجب ألا يتجاوز نص البحث 50 حرفًا.',
  'Service must be a number.': 'يجب أن تكون الخدمة رقمًا.',
  'Skype name must be at most 100 characters.': 'يجب ألا يتجاوز اسم سكايب 100 حرف.',
  'Start Date is required.': 'تاريخ البدء مطلوب.',
  'Subject is required.': 'الموضوع مطلوب.',
  'Subject must be at most 200 characters.': 'يجب ألا يتجاوز الموضوع 200 حرف.',
  'Tender is required.': 'المناقصة مطلوبة.',
  'The standstill is a whole number of working days from 0 to 30.':
    'فترة التوقف عدد صحيح من أيام العمل بين 0 و30.',
  'The approval threshold is an amount from 0 to 1,000,000,000 QAR.':
    'حد الموافقة مبلغ بين 0 و1,000,000,000 ريال قطري.',
  'Choose at least one ground.': 'اختر سبباً واحداً على الأقل.',
  'Say whether a best-and-final-offer round may be held.':
    'حدّد ما إذا كان يجوز عقد جولة للعرض الأفضل والنهائي.',
  'The best and final offer is an amount greater than 0.': 'العرض الأفضل والنهائي مبلغ أكبر من صفر.',
  'Choose the proposals to invite.': 'اختر العروض المراد دعوتها.',
  'At most 100 proposals.': '100 عرض على الأكثر.',
  'The deadline of the best and final offers is required.': 'الموعد النهائي للعروض الأفضل والنهائية مطلوب.',
  'Unknown ground of objection.': 'سبب اعتراض غير معروف.',
  'Explain the objection.': 'اشرح الاعتراض.',
  'Say what you ask for.': 'اذكر ما تطلبه.',
  'At most 5000 characters.': 'بحد أقصى 5000 حرف.',
  'At most 2000 characters.': 'بحد أقصى 2000 حرف.',
  'At most 10 documents.': 'بحد أقصى 10 مستندات.',
  'Dismiss or uphold the objection.': 'ارفض الاعتراض أو اقبله.',
  'Title is required.': 'العنوان مطلوب.',
  'Title must be at most 200 characters.': 'يجب ألا يتجاوز العنوان 200 حرف.',
  'Unit price cannot be negative': 'لا يمكن أن يكون سعر الوحدة سالبًا',
  'Unknown action.': 'إجراء غير معروف.',
  'Unknown reference': 'مرجع غير معروف',
  'Unknown target.': 'نوع سجل غير معروف.',
  'Unknown tender stage.': 'مرحلة المناقصة غير معروفة.',
  'Unknown upload purpose.': 'غرض الرفع غير معروف.',
  'Value must be greater than zero': 'يجب أن تكون القيمة أكبر من صفر',
  'Question is required.': 'السؤال مطلوب.',
  'Question must be at most 2000 characters.': 'يجب ألا يتجاوز السؤال 2000 حرف.',
  'Answer is required.': 'الإجابة مطلوبة.',
  'Answer must be at most 5000 characters.': 'يجب ألا تتجاوز الإجابة 5000 حرف.',
  'Reason is required.': 'السبب مطلوب.',
  'Language is en or ar.': 'اللغة إما en أو ar.',
  'Digits are auto, arab or latn.': 'الأرقام إما auto أو arab أو latn.',
  'Date order is gregorian_first or hijri_first.': 'ترتيب التاريخ إما gregorian_first أو hijri_first.',
  'Unknown sort key.': 'مفتاح ترتيب غير معروف.',
  'Order is asc or desc.': 'الترتيب تصاعدي أو تنازلي.',
  'Proposal is required.': 'العرض مطلوب.',
  'Note must be at most 2000 characters.': 'يجب ألا تتجاوز الملاحظة 2000 حرف.',
  'Unknown currency: choose QAR, USD or EUR.': 'عملة غير معروفة: اختر QAR أو USD أو EUR.',
  'The clarification cut-off must be on or before the deadline.':
    'يجب أن يكون موعد إغلاق الاستفسارات في الموعد النهائي أو قبله.',
  'Choose the evaluators.': 'اختر أعضاء لجنة التقييم.',
  'Choose at least one evaluator.': 'اختر عضواً واحداً على الأقل في لجنة التقييم.',
  'At most 10 evaluators.': 'عشرة أعضاء على الأكثر في لجنة التقييم.',
  'Each evaluator is chosen once.': 'يُختار كل عضو مرة واحدة.',
  'Choose the chair.': 'اختر رئيس اللجنة.',
  'The chair must be one of the evaluators.': 'يجب أن يكون رئيس اللجنة أحد أعضائها.',
  'Sign or decline the declaration.': 'وقّع الإقرار أو اعتذر عنه.',
  'Say why you decline.': 'اذكر سبب اعتذارك.',
  'Choose a criterion.': 'اختر معياراً.',
  'A score is a whole number from 0 to 10.': 'الدرجة عدد صحيح من 0 إلى 10.',
  'Explain the score.': 'اشرح سبب الدرجة.',
  'Score at least one criterion.': 'قيّم معياراً واحداً على الأقل.',
  'Each criterion is scored once.': 'يُقيَّم كل معيار مرة واحدة.',
  'Choose the evaluator.': 'اختر المقيِّم.',
  'Choose the proposal.': 'اختر العرض.',
  // Contracts (contracts.ts)
  'Choose a milestone.': 'اختر مرحلة.',
  'The amount is greater than 0.': 'المبلغ أكبر من صفر.',
  'At most 10000 characters.': 'بحد أقصى 10000 حرف.',
  'Propose a new due date or amount for a milestone, or a new scope.':
    'اقترح تاريخ استحقاق أو مبلغًا جديدًا لمرحلة، أو نطاق عمل جديدًا.',
  'The language is en or ar.': 'اللغة هي en أو ar.',
};

/**
 * Messages of rules the front ends check before sending (e.g. a milestone's dates in order) that are not
 * in a contract schema yet. Same shape; once a rule moves into a contract, its line moves up.
 */
export const FORM_RULE_MESSAGES: Readonly<Record<string, string>> = {
  'End date must be on or after the start date': 'يجب أن يكون تاريخ الانتهاء في تاريخ البدء أو بعده',
  'Expected finish date must be on or after the start date':
    'يجب أن يكون تاريخ الإنجاز المتوقع في تاريخ البدء أو بعده',
  'Name is too long.': 'الاسم طويل جدًا.',
  'The end must be after the start.': 'يجب أن تكون النهاية بعد البداية.',
  'Unit price must be at least 0.01': 'يجب ألا يقل سعر الوحدة عن 0.01',
};

/**
 * What the API answers for a value its schemas let valibot word itself (a wrong type in a field without a message
 * of its own, e.g. "Invalid type: Expected string but received 5"): that wording never reaches a client.
 */
export const INVALID_VALUE = 'This value is not valid.';

/**
 * Messages of the API's own checks of request parts that have no contract schema (the upload's file), and
 * INVALID_VALUE. Same shape.
 */
export const API_MESSAGES: Readonly<Record<string, string>> = {
  [INVALID_VALUE]: 'هذه القيمة غير صالحة.',
  'Please choose a file.': 'يرجى اختيار ملف.',
};

/** Every validation message's Arabic (contract messages and the forms' own rules), English text as the key. */
export const VALIDATION_MESSAGES_AR: Readonly<Record<string, string>> = {
  ...API_MESSAGES,
  ...FORM_RULE_MESSAGES,
  ...CONTRACT_MESSAGES,
};

/** Whether the table has this message (a message of the contracts, the forms' rules or the API's own checks). */
export const isKnownMessage = (message: string): boolean => Object.hasOwn(VALIDATION_MESSAGES_AR, message);

/**
 * A validation message in the reader's language: the Arabic from the table, or the message itself in English
 * (also when the table has no line for it, e.g. a message that is already translated).
 */
export function contractMessageIn(message: string, language: 'en' | 'ar'): string {
  if (language !== 'ar') return message;
  return Object.hasOwn(VALIDATION_MESSAGES_AR, message)
    ? (VALIDATION_MESSAGES_AR[message] ?? message)
    : message;
}
